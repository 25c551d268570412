import { describe, expect, it } from "vitest";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

interface EventsJson {
  events: { id: number; sessionId: string | null; type: string; payload: Record<string, unknown> }[];
}

describe("ao events", () => {
  it("filters by a type or a family, and refuses a filter no event has, naming the closest", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    await f.ao(["send", "app-1", "run the tests"]);

    const all = JSON.parse((await f.ao(["events", "--json"])).stdout) as EventsJson;
    expect(all.events.map((event) => event.type)).toEqual([
      "session.created",
      "session.spawn_step",
      "session.spawn_step",
      "session.runtime_started",
      "session.spawn_step",
      // The task the agent was started with is its first turn (t-1, origin spawn), running at once;
      // the message (t-2) waits until the task's turn was seen ended.
      "turn.queued",
      "turn.delivered",
      "session.status",
      "turn.queued",
      "turn.started",
      "turn.ended",
      "turn.delivering",
      "turn.delivered",
      "session.message_sent",
    ]);
    const family = JSON.parse((await f.ao(["events", "--type", "session", "--json"])).stdout) as EventsJson;
    expect(family.events).toEqual(all.events.filter((event) => event.type.startsWith("session.")));
    const turns = JSON.parse((await f.ao(["events", "--type", "turn", "--json"])).stdout) as EventsJson;
    expect(turns.events.map((event) => event.payload["turnId"])).toEqual([
      "t-1",
      "t-1",
      "t-2",
      "t-1",
      "t-1",
      "t-2",
      "t-2",
    ]);
    const one = JSON.parse(
      (await f.ao(["events", "--type", "session.status", "--json"])).stdout,
    ) as EventsJson;
    expect(one.events).toEqual([
      expect.objectContaining({
        sessionId: "app-1",
        payload: { from: "spawning", to: "working", reason: "spawned" },
      }),
    ]);

    const typo = await f.ao(["events", "--type", "sesion.status"]);
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain('error: "sesion.status" is neither an event type nor a family of them');
    expect(typo.stderr).toContain('did you mean "session.status"?');
    expect(typo.stdout).toBe("");
  });

  it("refuses a --limit that is not a whole number of at least 1 the way other flags do (issue 30)", async () => {
    const f = makeCliFixture();
    const bad = await f.ao(["events", "--limit", "0"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--limit must be a whole number, at least 1, not "0"');
    expect(bad.stderr).toContain("hint: for example: --limit 20");
  });
});
