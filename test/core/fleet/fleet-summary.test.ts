import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ZONES,
  byZoneThenNewest,
  countZones,
  dataAgeMs,
  describeStatus,
  observedAt,
  worstZone,
  type Zone,
} from "../../../src/core/fleet/index.js";
import { sessionArb } from "./fleet-arbitraries.js";

const zoneArb = fc.constantFrom(...ZONES);

describe("zones of the fleet", () => {
  it("counts every zone, 0 for the empty ones, summing to the cards", () => {
    fc.assert(
      fc.property(fc.array(zoneArb), (zones) => {
        const counts = countZones(zones);
        expect(Object.keys(counts)).toEqual([...ZONES]);
        expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(zones.length);
      }),
    );
  });

  it("the worst zone is a present one that no other present zone outranks", () => {
    fc.assert(
      fc.property(fc.array(zoneArb), (zones) => {
        const worst = worstZone(zones);
        if (zones.length === 0) {
          expect(worst).toBeUndefined();
          return;
        }
        expect(zones).toContain(worst);
        for (const zone of zones) expect(ZONES.indexOf(zone)).toBeGreaterThanOrEqual(ZONES.indexOf(worst!));
      }),
    );
  });

  it("orders by zone, then newest first", () => {
    const cards: { zone: Zone; at: number }[] = [
      { zone: "done", at: 9 },
      { zone: "working", at: 1 },
      { zone: "needs-you", at: 2 },
      { zone: "working", at: 5 },
    ];
    cards.sort(
      byZoneThenNewest(
        (c) => c.zone,
        (c) => c.at,
      ),
    );
    expect(cards).toEqual([
      { zone: "needs-you", at: 2 },
      { zone: "working", at: 5 },
      { zone: "working", at: 1 },
      { zone: "done", at: 9 },
    ]);
  });
});

describe("how old a session's data is", () => {
  it("a live session of a watched project is as fresh as the last cycle, never older than its row", () => {
    fc.assert(
      fc.property(sessionArb, fc.integer({ min: 0, max: 10 ** 7 }), (raw, after) => {
        const session = { ...raw, status: "working" as const };
        const cycle = session.updatedAt + after;
        expect(observedAt(session, { lastCycleAt: cycle, watches: () => true })).toBe(
          Math.max(cycle, session.prState?.observedAt ?? 0),
        );
        const unwatched = observedAt(session, { lastCycleAt: cycle, watches: () => false });
        expect(unwatched).toBe(Math.max(session.updatedAt, session.prState?.observedAt ?? 0));
      }),
    );
  });

  it("an ended session is as of its end, whatever the daemon did since", () => {
    fc.assert(
      fc.property(sessionArb, (raw) => {
        const session = { ...raw, status: "merged" as const, endedAt: raw.updatedAt };
        expect(observedAt(session, { lastCycleAt: raw.updatedAt + 1e6, watches: () => true })).toBe(
          raw.updatedAt,
        );
      }),
    );
  });

  it("age is never negative", () => {
    expect(dataAgeMs(100, 40)).toBe(0);
    expect(dataAgeMs(40, 100)).toBe(60);
  });
});

describe("describeStatus", () => {
  it("names the failing checks, the open threads and the exit code", () => {
    fc.assert(
      fc.property(sessionArb, (raw) => {
        fc.pre(raw.prState !== null && raw.prState.ci.failing.length > 0);
        const line = describeStatus({ ...raw, status: "ci_failed" });
        for (const check of raw.prState.ci.failing) expect(line).toContain(check.name);
      }),
    );
    fc.assert(
      fc.property(sessionArb, (raw) => {
        const session = {
          ...raw,
          status: "exited" as const,
          exit: { exitCode: 3, lastLines: [], seenAt: 0 },
        };
        expect(describeStatus(session)).toBe("agent exited: exit code 3");
      }),
    );
  });
});
