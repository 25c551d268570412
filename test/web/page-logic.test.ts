import { describe, expect, it } from "vitest";
import { shortAge } from "../../src/web/page/age.js";
import { parseRoute, routeHref, splitFragment } from "../../src/web/page/fragment.js";
import { SseParser } from "../../src/web/page/sse-parser.js";
import { groupByZone, worstZone, zoneOf } from "../../src/web/page/zones.js";

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
    expect(routeHref({ page: "fleet" })).toBe("#/");
  });
});

describe("zones", () => {
  it("puts each status in the column of what it needs from a person", () => {
    expect(zoneOf({ status: "needs_input" })).toBe("needs_you");
    expect(zoneOf({ status: "errored" })).toBe("needs_you");
    expect(zoneOf({ status: "mergeable" })).toBe("ready_to_merge");
    expect(zoneOf({ status: "ci_failed" })).toBe("in_review");
    expect(zoneOf({ status: "working" })).toBe("working");
    expect(zoneOf({ status: "killed" })).toBe("done");
    expect(zoneOf({ status: "something_new" })).toBe("needs_you");
  });

  it("prefers the server's zone (an escalated change request needs you)", () => {
    expect(zoneOf({ status: "changes_requested", zone: "needs_you" })).toBe("needs_you");
    expect(zoneOf({ status: "working", zone: "bogus" })).toBe("working");
  });

  it("finds the worst zone and groups in order", () => {
    const fleet = [{ status: "working" }, { status: "merged" }, { status: "mergeable" }];
    expect(worstZone(fleet)).toBe("ready_to_merge");
    expect(worstZone([])).toBeUndefined();
    expect(groupByZone(fleet).done).toEqual([{ status: "merged" }]);
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
