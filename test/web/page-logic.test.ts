import { describe, expect, it } from "vitest";
import { shortAge } from "../../src/web/page/age.js";
import { parseRoute, routeHref, splitFragment } from "../../src/web/page/fragment.js";
import { describeInterrupt, describeKill, describeSend, summarise } from "../../src/web/page/answers.js";
import { spawnRequest } from "../../src/web/page/spawn-request.js";
import { SseParser } from "../../src/web/page/sse-parser.js";
import { xOf } from "../../src/web/page/timeline-scale.js";
import type { FleetCard, InterruptAnswer } from "../../src/web/api/types.js";
import { faviconHref, fleetTitle, groupByZone } from "../../src/web/page/zones.js";

describe("the page's fragment", () => {
  it("takes the token out and keeps the route", () => {
    expect(splitFragment("#token=abc%2B1")).toEqual({ token: "abc+1", route: "" });
    expect(splitFragment("#/s/app-1?token=t0k&x=1")).toEqual({ token: "t0k", route: "/s/app-1?x=1" });
    expect(splitFragment("#/p/app")).toEqual({ token: null, route: "/p/app" });
    expect(splitFragment("")).toEqual({ token: null, route: "" });
  });

  it("routes to the fleet, a session or a project, and back to a link", () => {
    expect(parseRoute("/s/app-12")).toEqual({ page: "session", id: "app-12" });
    expect(parseRoute("/p/my%20app")).toEqual({ page: "project", project: "my app" });
    expect(parseRoute("/nowhere")).toEqual({ page: "fleet" });
    expect(routeHref({ page: "session", id: "app-1" })).toBe("#/s/app-1");
    expect(parseRoute("/s/app-12/review")).toEqual({ page: "session", id: "app-12", tab: "review" });
    expect(routeHref({ page: "session", id: "app 1", tab: "review" })).toBe("#/s/app%201/review");
    expect(parseRoute("/s/app-12/elsewhere")).toEqual({ page: "fleet" });
    expect(routeHref({ page: "fleet" })).toBe("#/");
  });
});

describe("zones", () => {
  it("groups cards by the server's zone and names the worst in the title and favicon", () => {
    const cards = [
      { id: "a", zone: "working" },
      { id: "b", zone: "done" },
      { id: "c", zone: "working" },
    ];
    const groups = groupByZone(cards as unknown as FleetCard[]);
    expect(groups.working.map((card) => card.id)).toEqual(["a", "c"]);
    expect(groups["needs-you"]).toEqual([]);
    const counts = { "needs-you": 2, "ready-to-merge": 0, "in-review": 0, working: 1, done: 0 };
    expect(fleetTitle(counts, "needs-you")).toBe("(2) ao · needs you");
    expect(fleetTitle(counts, null)).toBe("ao · no sessions");
    expect(decodeURIComponent(faviconHref("needs-you"))).toContain('fill="#d23f31"');
  });
});

describe("SseParser", () => {
  it("assembles messages across torn chunks, keeps the last id and skips comments", () => {
    const parser = new SseParser();
    expect(parser.push(": keep-alive\n\nid: 7\nevent: sess")).toEqual([]);
    expect(parser.push('ion\ndata: {"a":\ndata: 1}\n\n')).toEqual([
      { event: "session", id: "7", data: '{"a":\n1}' },
    ]);
    expect(parser.push("data: x\r\n\r\n")).toEqual([{ event: "message", id: "7", data: "x" }]);
  });
});

describe("shortAge", () => {
  it("says how old data is in one short word", () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    expect(shortAge("2026-12-01T11:59:30Z", now)).toBe("30s");
    expect(shortAge("2026-12-01T09:00:00Z", now)).toBe("3h");
    expect(shortAge(null, now)).toBe("never");
  });
});

describe("what the actions say", () => {
  const answer = {
    session: "app-1",
    turnId: "t-2",
    turnStatus: "running",
    confirmed: true,
    submitted: true,
    queuedBehind: null,
  } as const;
  it("tells a confirmed delivery from an unconfirmed or queued one", () => {
    expect(describeSend(answer)).toBe("Delivered and confirmed: turn t-2 is running.");
    expect(describeSend({ ...answer, confirmed: false })).toBe(
      "Submitted, not confirmed: turn t-2 is running.",
    );
    expect(
      describeSend({
        ...answer,
        confirmed: false,
        submitted: false,
        turnStatus: "queued",
        queuedBehind: "t-1",
      }),
    ).toBe("Queued behind turn t-1 (turn t-2).");
  });

  it("says whether an interrupted agent was confirmed idle, and what a kill kept", () => {
    const interrupted: InterruptAnswer = {
      session: "app-1",
      turnId: "t-3",
      turnStatus: "interrupted",
      idle: true,
      activity: "idle",
      keys: ["Escape"],
    };
    expect(describeInterrupt(interrupted)).toBe("Turn t-3 is interrupted; agent confirmed idle.");
    expect(describeInterrupt({ ...interrupted, turnId: null, idle: false, activity: "active" })).toBe(
      "No turn was open; agent not confirmed idle (active).",
    );
    expect(describeKill({ session: "app-1", status: "killed", workspace: "kept", branch: "feat/x" })).toBe(
      "Killed: app-1 is killed; workspace kept, branch feat/x kept.",
    );
  });

  it("builds a spawn request from an issue, a task, or both", () => {
    expect(spawnRequest("app", " 42 ", "")).toEqual({ project: "app", issue: "42" });
    expect(spawnRequest("app", "", "Fix it")).toEqual({ project: "app", prompt: "Fix it" });
  });

  it("summarises an event's plain payload fields", () => {
    expect(summarise({ from: "working", to: "idle", nested: { a: 1 }, n: 2 })).toBe(
      "from=working to=idle n=2",
    );
  });

  it("says a status change in words, never its codes", () => {
    const change = (reason: string) => ({ from: "pr_open", to: "ci_failed", reason });
    expect(summarise(change("ci_failing"), "session.status")).toBe("pull request open → CI failing");
    expect(summarise(change("idle_past_threshold"), "session.status")).toBe(
      "pull request open → CI failing (idle for too long)",
    );
    expect(summarise({ from: "idle", to: "someday_new" }, "session.status")).toBe("agent idle → someday new");
  });
});

describe("the timeline's time axis", () => {
  it("places moments between the start and the end, clamped", () => {
    const timeline = { start: "2026-12-01T12:00:00Z", end: "2026-12-01T12:10:00Z" };
    const now = Date.parse(timeline.end);
    const left = xOf(timeline.start, timeline, now);
    const right = xOf(timeline.end, timeline, now);
    expect(xOf("2026-12-01T12:05:00Z", timeline, now)).toBeCloseTo((left + right) / 2);
    expect(xOf("2026-12-01T11:00:00Z", timeline, now)).toBe(left);
    expect(xOf("2026-12-01T13:00:00Z", timeline, now)).toBe(right);
  });
});
