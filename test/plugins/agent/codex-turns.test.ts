import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TurnProbe, TurnSignal } from "../../../src/core/slots/index.js";
import { codexTurns } from "../../../src/plugins/agent/codex/turns.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { appendJsonl, cursorProbe, turnLines, turnProbe } from "./turn-fixtures.js";

/**
 * observeTurn of agent/codex against the rollout lines the real codex-cli 0.171.0 wrote in each
 * recorded case (test/fixtures/agents/codex/turns/). The recorded session_meta is reused with the
 * test's worktree as its cwd, so the plugin finds the rollout the way it finds a real one.
 */
type Line = Record<string, unknown>;

const META = turnLines("codex", "session-meta", "rollout")[0] ?? {};
const SESSION_ID = String((META["payload"] as Line)["id"]);

function world() {
  const worktree = makeTempDir("ao-codex-turns-");
  const codexHome = makeTempDir("ao-codex-home-");
  const turns = codexTurns(codexHome);
  const rolloutAt = (time: string, id = SESSION_ID) =>
    join(codexHome, "sessions", "2026", "12", "01", `rollout-2026-12-01T${time}-${id}.jsonl`);
  const rollout = rolloutAt("20-22-30");
  let cursor = "";
  return {
    worktree,
    rollout,
    rolloutAt,
    /** Writes session_meta (with this worktree as cwd): Codex does so with the first turn. */
    meta(file = rollout, id = SESSION_ID) {
      appendJsonl(file, [{ ...META, payload: { ...(META["payload"] as Line), id, cwd: worktree } }]);
    },
    lines: (lines: Line[], file = rollout) => appendJsonl(file, lines),
    async begin() {
      cursor = await turns.turnCursor(cursorProbe(worktree));
    },
    async observe(overrides: Partial<TurnProbe> = {}): Promise<TurnSignal> {
      const signal = await turns.observeTurn(turnProbe(worktree, cursor, overrides));
      cursor = signal.cursor;
      return signal;
    },
  };
}

const payloadType = (line: Line) => (line["payload"] as Line | undefined)?.["type"];

/** A recorded case split after its task_started line. */
function recorded(name: string) {
  const lines = turnLines("codex", name, "rollout");
  const started = lines.findIndex((line) => payloadType(line) === "task_started") + 1;
  return { start: lines.slice(0, started), rest: lines.slice(started) };
}

async function play(name: string) {
  const w = world();
  w.meta();
  await w.begin();
  const before = await w.observe();
  const { start, rest } = recorded(name);
  w.lines(start);
  const running = await w.observe();
  w.lines(rest);
  return { w, before, running, after: await w.observe(), start, rest };
}

const timeOf = (line: Line | undefined) => Date.parse(String(line?.["timestamp"]));

describe("codex turns from the recorded rollout lines", () => {
  it("waits before any signal, and never throws without a CODEX_HOME or a rollout", async () => {
    const w = world();
    await w.begin();
    expect(await w.observe()).toMatchObject({ state: "waiting" });
    const lost = codexTurns("/nonexistent/codex-home");
    const cursor = await lost.turnCursor(cursorProbe(w.worktree));
    expect(await lost.observeTurn(turnProbe(w.worktree, cursor))).toMatchObject({ state: "waiting" });
  });

  it("completed: task_started runs it, task_complete ends it with last_agent_message, both dated", async () => {
    const { before, running, after, start, rest } = await play("completed");
    expect(before.state).toBe("waiting");
    expect(running).toMatchObject({ state: "running", startedAt: timeOf(start.at(-1)) });
    expect(after).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
      source: "transcript",
      startedAt: timeOf(start.at(-1)),
      endedAt: timeOf(rest.at(-1)),
    });
  });

  it("empty: last_agent_message null is a blank reply", async () => {
    const { after } = await play("empty");
    expect(after).toMatchObject({ state: "ended", outcome: "completed", reply: "" });
  });

  it.each([
    ["failed-model", "The model `mock-model` does not exist or you do not have access to it."],
    ["failed-auth", "unexpected status 401 Unauthorized: Incorrect API key provided"],
  ])("%s: task_complete's error is the failure, in Codex's own words", async (name, words) => {
    const { after } = await play(name);
    expect(after).toMatchObject({ state: "ended", outcome: "failed", reply: "" });
    expect(after.state === "ended" && after.error).toContain(words);
  });

  it.each(["interrupted", "interrupted-ctrl-c", "interrupted-before-reply"])(
    "%s: turn_aborted ends it as interrupted",
    async (name) => {
      const { after } = await play(name);
      expect(after).toMatchObject({
        state: "ended",
        outcome: "interrupted",
        reply: "",
        source: "transcript",
      });
    },
  );

  it("sent-while-busy: the message joins the running turn (no task_started), whose end is its end", async () => {
    const w = world();
    w.meta();
    w.lines(recorded("interrupted").start); // a turn at work when the message is sent
    await w.begin();
    const lines = turnLines("codex", "sent-while-busy", "rollout");
    expect(lines.some((line) => payloadType(line) === "task_started")).toBe(false);
    const message = lines.findIndex((line) => payloadType(line) === "item_completed") + 1;
    w.lines(lines.slice(0, message));
    expect(await w.observe()).toMatchObject({ state: "running" });
    w.lines(lines.slice(message));
    expect(await w.observe()).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
    });
  });

  it("the turn after an interruption is found from its own cursor", async () => {
    const { after } = await play("after-interrupt");
    expect(after).toMatchObject({ outcome: "completed", reply: "Hello from the mock model." });
  });
});

describe("codex turns: files appearing and growing", () => {
  it("reads a rollout that did not exist when the cursor was taken from its start", async () => {
    const w = world();
    await w.begin();
    w.meta();
    const { start, rest } = recorded("completed");
    w.lines([...start, ...rest]);
    expect(await w.observe()).toMatchObject({ state: "ended", reply: "Hello from the mock model." });
  });

  it("follows a new conversation's rollout while the turn has not started", async () => {
    const w = world();
    w.meta();
    w.lines([...recorded("completed").start, ...recorded("completed").rest]);
    await w.begin();
    expect(await w.observe()).toMatchObject({ state: "waiting" });
    const fresh = w.rolloutAt("20-30-00", "01a23399-0000-7000-8000-000000000001");
    w.meta(fresh, "01a23399-0000-7000-8000-000000000001");
    const { start, rest } = recorded("after-interrupt");
    w.lines([...start, ...rest], fresh);
    expect(await w.observe()).toMatchObject({ state: "ended", reply: "Hello from the mock model." });
  });

  it("a torn last line is read once it is complete", async () => {
    const w = world();
    w.meta();
    await w.begin();
    const { start, rest } = recorded("completed");
    w.lines([...start, ...rest.slice(0, -1)]);
    const last = JSON.stringify(rest.at(-1));
    appendFileSync(w.rollout, last.slice(0, 50));
    expect(await w.observe()).toMatchObject({ state: "running" });
    appendFileSync(w.rollout, `${last.slice(50)}\n`);
    expect(await w.observe()).toMatchObject({ state: "ended", reply: "Hello from the mock model." });
  });

  it("an interrupted turn's reply is its last completed agent message, when it had one", async () => {
    const w = world();
    w.meta();
    await w.begin();
    const { start, rest } = recorded("interrupted");
    const turnId = (start.at(-1)?.["payload"] as Line)["turn_id"];
    const said = recorded("completed").rest.find(
      (line) => ((line["payload"] as Line)["item"] as Line | undefined)?.["type"] === "AgentMessage",
    );
    const message = { ...said, payload: { ...(said?.["payload"] as Line), turn_id: turnId } };
    w.lines([...start, message, ...rest]);
    expect(await w.observe()).toMatchObject({ outcome: "interrupted", reply: "Hello from the mock model." });
  });
});
