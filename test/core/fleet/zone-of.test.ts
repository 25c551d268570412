import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZONES, zoneOf } from "../../../src/core/fleet/index.js";
import type { SessionStatus } from "../../../src/core/slots/index.js";
import { sessionArb, storedEvent } from "./fleet-arbitraries.js";

const DONE: readonly SessionStatus[] = ["merged", "closed", "killed"];
const NEEDS_YOU: readonly SessionStatus[] = ["needs_input", "stuck", "over_budget", "errored", "exited"];

describe("zoneOf", () => {
  it("puts every session in exactly one known zone, with a reason that has a summary", () => {
    fc.assert(
      fc.property(sessionArb, (session) => {
        const { zone, why } = zoneOf({ session });
        expect(ZONES).toContain(zone);
        expect(why.summary.length).toBeGreaterThan(0);
        expect(why.eventId).toBeNull();
      }),
    );
  });

  it("done is exactly merged, closed and killed, whatever was escalated", () => {
    fc.assert(
      fc.property(sessionArb, fc.integer({ min: 0, max: 10 ** 9 }), (session, delta) => {
        const escalation = storedEvent(9, "reaction.escalated", session.createdAt + delta, {
          reaction: "ci-failed",
        });
        const { zone } = zoneOf({ session, escalation });
        expect(zone === "done").toBe(DONE.includes(session.status));
      }),
    );
  });

  it("an escalation since the session entered its status puts a live session in needs-you, naming it", () => {
    fc.assert(
      fc.property(sessionArb, (session) => {
        fc.pre(!DONE.includes(session.status));
        const at = session.statusSince ?? session.createdAt;
        const escalation = storedEvent(7, "reaction.escalated", at, {
          reaction: "changes-requested",
          reason: "held 30m",
        });
        const { zone, why } = zoneOf({ session, escalation });
        expect(zone).toBe("needs-you");
        expect(why).toEqual({
          type: "reaction.escalated",
          eventId: 7,
          at,
          summary: "changes-requested escalated: held 30m",
        });
      }),
    );
  });

  it("an escalation from before the current status is over: the status decides", () => {
    fc.assert(
      fc.property(sessionArb, (session) => {
        fc.pre(session.statusSince !== null && !NEEDS_YOU.includes(session.status));
        const escalation = storedEvent(7, "reaction.escalated", (session.statusSince ?? 0) - 1);
        expect(zoneOf({ session, escalation }).zone).not.toBe("needs-you");
      }),
    );
  });

  it("needs-you without an escalation means the agent needs a person", () => {
    fc.assert(
      fc.property(sessionArb, (session) => {
        expect(zoneOf({ session }).zone === "needs-you").toBe(NEEDS_YOU.includes(session.status));
      }),
    );
  });

  it("approved is ready to merge only when the forge says mergeable and CI passes", () => {
    fc.assert(
      fc.property(sessionArb, (raw) => {
        const session = { ...raw, status: "approved" as const };
        const pr = session.prState;
        const ready = pr !== null && pr.mergeable === true && pr.ci.state === "passing";
        expect(zoneOf({ session }).zone).toBe(ready ? "ready-to-merge" : "in-review");
      }),
    );
  });

  it("the reason is the status event that set the current status, else the row", () => {
    fc.assert(
      fc.property(sessionArb, fc.constantFrom(...DONE, "working" as const), (raw, status) => {
        const session = { ...raw, status };
        const current = storedEvent(3, "session.status", 5, { from: "spawning", to: status });
        expect(zoneOf({ session, statusEvent: current }).why).toMatchObject({ eventId: 3, at: 5 });
        const stale = storedEvent(2, "session.status", 4, { from: "spawning", to: "stuck" });
        expect(zoneOf({ session, statusEvent: stale }).why).toMatchObject({ eventId: null, type: "session" });
      }),
    );
  });
});
