import { describe, expect, it } from "vitest";
import type { FleetCard, Zone } from "../../src/web/api/types.js";
import {
  agentsOf,
  filterCards,
  fleetFilterQuery,
  NO_FILTER,
  parseFleetFilter,
  type FleetFilter,
} from "../../src/web/page/fleet-filter.js";
import { groupFleet, SECTION_CARD_LIMIT, shownCards } from "../../src/web/page/fleet-groups.js";
import { splitFragment } from "../../src/web/page/fragment.js";
import { moveSelection, shortcutOf, type KeyPress } from "../../src/web/page/keyboard-shortcuts.js";

/** A card as the server sends it, with what a test names changed. */
function card(id: string, patch: Partial<FleetCard> = {}): FleetCard {
  return {
    id,
    project: "app",
    issue: null,
    title: null,
    branch: `feat/${id}`,
    agent: "claude-code",
    runtime: "tmux",
    status: "working",
    reason: null,
    activity: { state: null, turn: "idle", last: null, text: "unknown" },
    pr: null,
    cost: null,
    lastActivityAt: null,
    statusSince: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    endedAt: null,
    zone: "working",
    why: { type: "session", eventId: null, at: "2026-12-01T10:00:00.000Z", summary: "working" },
    observedAt: null,
    dataAgeMs: null,
    workspaceMissing: null,
    question: null,
    urgency: { level: "other", rank: 9, reason: "working" },
    diff: null,
    hold: null,
    conflicts: [],
    ...patch,
  };
}

const filter = (patch: Partial<FleetFilter>): FleetFilter => ({ ...NO_FILTER, ...patch });
const ids = (cards: FleetCard[]) => cards.map((each) => each.id);

describe("the fleet filter", () => {
  const fleet = [
    card("app-1", { issue: "#42", title: "Fix the Login bug" }),
    card("app-2", { agent: "codex", zone: "needs-you", status: "needs_input" }),
    card("web-1", { project: "web", branch: "fix/login-redirect" }),
    card("web-2", {
      project: "web",
      zone: "in-review",
      pr: {
        number: 17,
        url: null,
        title: "Dark mode",
        state: "open",
        headSha: null,
        mergeable: null,
        ci: null,
        review: null,
        observedAt: null,
      },
    }),
  ];

  it("matches every word of the text, in any case, across id, branch, title, issue and PR", () => {
    expect(ids(filterCards(fleet, filter({ text: "login" })))).toEqual(["app-1", "web-1"]);
    expect(ids(filterCards(fleet, filter({ text: "LOGIN fix redirect" })))).toEqual(["web-1"]);
    expect(ids(filterCards(fleet, filter({ text: "#42" })))).toEqual(["app-1"]);
    expect(ids(filterCards(fleet, filter({ text: "#17" })))).toEqual(["web-2"]);
    expect(ids(filterCards(fleet, filter({ text: "dark" })))).toEqual(["web-2"]);
    expect(ids(filterCards(fleet, filter({ text: "needs input" })))).toEqual(["app-2"]);
    expect(ids(filterCards(fleet, filter({ text: "   " })))).toEqual(ids(fleet));
    expect(filterCards(fleet, filter({ text: "nowhere" }))).toEqual([]);
  });

  it("narrows by project, zone and agent, all at once", () => {
    expect(ids(filterCards(fleet, filter({ project: "web" })))).toEqual(["web-1", "web-2"]);
    expect(ids(filterCards(fleet, filter({ zone: "needs-you" })))).toEqual(["app-2"]);
    expect(ids(filterCards(fleet, filter({ agent: "codex" })))).toEqual(["app-2"]);
    expect(ids(filterCards(fleet, filter({ project: "web", text: "login" })))).toEqual(["web-1"]);
    expect(filterCards(fleet, filter({ project: "web", agent: "codex" }))).toEqual([]);
    expect(agentsOf(fleet)).toEqual(["claude-code", "codex"]);
  });

  it("round-trips through the fragment's query, and survives the login token's removal", () => {
    const chosen = filter({
      text: "login bug",
      project: "web",
      zone: "needs-you",
      agent: "codex",
      group: "project",
    });
    const query = fleetFilterQuery(chosen);
    expect(parseFleetFilter(query)).toEqual(chosen);
    expect(fleetFilterQuery(NO_FILTER)).toBe("");
    const { token, route } = splitFragment(`#/?${query}&token=t0k`);
    expect(token).toBe("t0k");
    expect(parseFleetFilter(route.slice(route.indexOf("?") + 1))).toEqual(chosen);
  });

  it("ignores a zone or grouping it does not know", () => {
    expect(parseFleetFilter("zone=nowhere&group=sideways&q=a%20b")).toEqual(filter({ text: "a b" }));
  });
});

describe("the fleet's sections", () => {
  const many = (count: number, zone: Zone) =>
    Array.from({ length: count }, (_, i) => card(`s-${i}`, { zone }));

  it("are the five zones in urgency order, or the projects (configured first, then any other)", () => {
    const cards = [card("a", { zone: "done" }), card("b", { project: "web" }), card("c", { project: "old" })];
    const zones = groupFleet(cards, "zone", ["app", "web"]);
    expect(zones.map((group) => [group.key, group.cards.length])).toEqual([
      ["zone:needs-you", 0],
      ["zone:ready-to-merge", 0],
      ["zone:in-review", 0],
      ["zone:working", 2],
      ["zone:done", 1],
    ]);
    expect(zones[0]?.title).toBe("Needs you");
    const projects = groupFleet(cards, "project", ["app", "web", "idle"]);
    expect(projects.map((group) => [group.title, ids(group.cards)])).toEqual([
      ["app", ["a"]],
      ["web", ["b"]],
      ["idle", []],
      ["old", ["c"]],
    ]);
  });

  it("show the first cards of a long section, all once expanded, none when collapsed", () => {
    const [group] = groupFleet(many(200, "needs-you"), "zone", []);
    const first = shownCards(group!, { collapsed: false, expanded: false });
    expect(first.shown).toHaveLength(SECTION_CARD_LIMIT);
    expect(first.hidden).toBe(200 - SECTION_CARD_LIMIT);
    expect(shownCards(group!, { collapsed: false, expanded: true }).shown).toHaveLength(200);
    expect(shownCards(group!, { collapsed: true, expanded: true })).toEqual({ shown: [], hidden: 200 });
    const short = groupFleet(many(SECTION_CARD_LIMIT, "working"), "zone", [])[3]!;
    expect(shownCards(short, { collapsed: false, expanded: false })).toEqual({
      shown: short.cards,
      hidden: 0,
    });
  });
});

describe("the fleet's keyboard shortcuts", () => {
  const press = (key: string, target: Partial<KeyPress["target"]> = {}, mods: Partial<KeyPress> = {}) =>
    shortcutOf({
      key,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mods,
      target: { tag: "body", editable: false, inTerminal: false, ...target },
    });

  it("map / j k Enter ? Escape on the page", () => {
    expect(["/", "j", "k", "Enter", "?", "Escape", "x"].map((key) => press(key))).toEqual([
      "search",
      "next",
      "previous",
      "open",
      "help",
      "escape",
      null,
    ]);
  });

  it("never fire while typing: fields, selects, editable elements, the terminal; nor with modifiers", () => {
    for (const tag of ["input", "textarea", "select"]) expect(press("j", { tag })).toBeNull();
    expect(press("/", { tag: "div", editable: true })).toBeNull();
    expect(press("k", { tag: "div", inTerminal: true })).toBeNull();
    expect(press("?", { tag: "textarea", inTerminal: true })).toBeNull();
    expect(press("j", {}, { ctrlKey: true })).toBeNull();
    expect(press("k", {}, { metaKey: true })).toBeNull();
  });

  it("leave Enter on a link or button to that element", () => {
    expect(press("Enter", { tag: "a" })).toBeNull();
    expect(press("Enter", { tag: "button" })).toBeNull();
    expect(press("j", { tag: "a" })).toBe("next");
  });

  it("move the selection within the shown cards, starting at either end", () => {
    const shown = ["a", "b", "c"];
    expect(moveSelection(shown, null, 1)).toBe("a");
    expect(moveSelection(shown, null, -1)).toBe("c");
    expect(moveSelection(shown, "a", 1)).toBe("b");
    expect(moveSelection(shown, "c", 1)).toBe("c");
    expect(moveSelection(shown, "a", -1)).toBe("a");
    expect(moveSelection(shown, "gone", 1)).toBe("a");
    expect(moveSelection([], "a", 1)).toBeNull();
  });
});
