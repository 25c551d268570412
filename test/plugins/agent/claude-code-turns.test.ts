import { execFileSync } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TurnProbe, TurnSignal } from "../../../src/core/slots/index.js";
import { agentEventsFile } from "../../../src/plugins/agent/_shared/agent-events.js";
import { hookRecorderCommand, RECEIVED_AT_KEY } from "../../../src/plugins/agent/_shared/hook-recorder.js";
import { claudeTurns } from "../../../src/plugins/agent/claude-code/turns.js";
import { QUIET_MS } from "../../../src/plugins/agent/claude-code/turn-signals.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { appendJsonl, cursorProbe, turnLines, turnProbe, turnScreen } from "./turn-fixtures.js";

/**
 * observeTurn of agent/claude-code against what the real Claude Code 2.1.197 wrote in each recorded
 * case (test/fixtures/agents/claude/turns/): its hook payloads, as the hook got them, and its
 * transcript lines. The recorded paths are replaced by the test's own.
 */
const turns = claudeTurns();
type Line = Record<string, unknown>;

function world() {
  const worktree = makeTempDir("ao-claude-turns-");
  const transcript = join(makeTempDir("ao-claude-projects-"), "session.jsonl");
  const events = agentEventsFile(worktree);
  let cursor = "";
  const hooks = (lines: Line[], path = transcript) =>
    appendJsonl(
      events,
      lines.map((line) => ({ ...line, transcript_path: path })),
    );
  return {
    worktree,
    transcript,
    events,
    hooks,
    entries: (lines: Line[], path = transcript) => appendJsonl(path, lines),
    async begin() {
      hooks(turnLines("claude", "session-start", "hooks"));
      cursor = await turns.turnCursor(cursorProbe(worktree));
    },
    /** One observation; the cursor it returns is the next one's, as core stores it. */
    async observe(overrides: Partial<TurnProbe> = {}): Promise<TurnSignal> {
      const signal = await turns.observeTurn(turnProbe(worktree, cursor, overrides));
      cursor = signal.cursor;
      return signal;
    },
  };
}

/** A recorded case, split where the prompt was submitted: its hook and its transcript entry first. */
function recorded(name: string) {
  const hooks = turnLines("claude", name, "hooks");
  const entries = turnLines("claude", name, "transcript");
  const prompt = entries.findIndex((entry) => entry["type"] === "user") + 1;
  return {
    start: { hooks: hooks.slice(0, 1), entries: entries.slice(0, prompt) },
    rest: { hooks: hooks.slice(1), entries: entries.slice(prompt) },
  };
}

async function play(name: string, options: { screen?: string } = {}) {
  const w = world();
  await w.begin();
  const before = await w.observe();
  const { start, rest } = recorded(name);
  w.hooks(start.hooks);
  w.entries(start.entries);
  const running = await w.observe({ screen: turnScreen("claude", name, "working") });
  w.hooks(rest.hooks);
  w.entries(rest.entries);
  const screen = options.screen;
  const after = await w.observe(screen === undefined ? {} : { screen });
  return { w, before, running, after };
}

describe("claude-code turns from the recorded Claude Code signals", () => {
  it("waits before any signal, and never throws when nothing exists yet", async () => {
    const worktree = makeTempDir("ao-claude-empty-");
    const cursor = await turns.turnCursor(cursorProbe(worktree));
    expect(await turns.observeTurn(turnProbe(worktree, cursor))).toMatchObject({ state: "waiting" });
    expect(await turns.observeTurn(turnProbe(join(worktree, "gone"), cursor))).toMatchObject({
      state: "waiting",
    });
  });

  it("completed: UserPromptSubmit starts it, Stop ends it with last_assistant_message", async () => {
    const { before, running, after } = await play("completed");
    expect(before.state).toBe("waiting");
    expect(running.state).toBe("running");
    expect(after).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
      source: "hook",
    });
  });

  it("empty: Stop without last_assistant_message and no text in the transcript is a blank reply", async () => {
    const { after } = await play("empty");
    expect(after).toMatchObject({ state: "ended", outcome: "completed", reply: "" });
  });

  it.each([
    ["failed-model", "There's an issue with the selected model"],
    ["failed-auth", "Invalid API key · Fix external API key"],
  ])("%s: StopFailure ends the turn as failed with Claude's own words", async (name, words) => {
    const { running, after } = await play(name);
    expect(running.state).toBe("running");
    expect(after).toMatchObject({ state: "ended", outcome: "failed", reply: "" });
    expect(after.state === "ended" && after.error).toContain(words);
  });

  it.each(["interrupted", "interrupted-ctrl-c"])(
    "%s: no hook runs; the transcript's interruption marker ends it with the partial reply",
    async (name) => {
      const { after } = await play(name, { screen: turnScreen("claude", name, "screen") });
      expect(after).toMatchObject({
        state: "ended",
        outcome: "interrupted",
        reply: "Let me think this through.",
        source: "transcript",
      });
    },
  );

  it("interrupted before the first word: no trace in hooks or transcript, so a quiet screen ends it", async () => {
    const { w, after } = await play("interrupted-before-reply", {
      screen: turnScreen("claude", "interrupted-before-reply", "working"),
    });
    expect(after.state).toBe("running");
    const quiet = turnScreen("claude", "interrupted-before-reply", "screen");
    expect(await w.observe({ screen: quiet, now: 10_000 })).toMatchObject({ state: "running" });
    expect(await w.observe({ screen: quiet, now: 10_000 + QUIET_MS - 1 })).toMatchObject({
      state: "running",
    });
    expect(await w.observe({ screen: quiet, now: 10_000 + QUIET_MS })).toMatchObject({
      state: "ended",
      outcome: "interrupted",
      reply: "",
      source: "screen",
    });
  });

  it("a quiet screen ends nothing while the process is gone, and a working screen resets the wait", async () => {
    const { w } = await play("interrupted-before-reply", {
      screen: turnScreen("claude", "interrupted-before-reply", "working"),
    });
    const quiet = turnScreen("claude", "interrupted-before-reply", "screen");
    const working = turnScreen("claude", "interrupted-before-reply", "working");
    await w.observe({ screen: quiet, now: 10_000 });
    await w.observe({ screen: working, now: 11_000 });
    expect(await w.observe({ screen: quiet, now: 10_000 + QUIET_MS })).toMatchObject({ state: "running" });
    const gone = { state: "exited", exitCode: 1 } as const;
    expect(await w.observe({ screen: quiet, now: 60_000, liveness: gone })).toMatchObject({
      state: "running",
    });
  });

  it("stop-hook-blocked: another Stop hook blocks the first stop, so the turn ends at the second", async () => {
    const w = world();
    await w.begin();
    const { start, rest } = recorded("stop-hook-blocked");
    w.hooks(start.hooks);
    w.entries(start.entries);
    const feedback = rest.entries.findIndex((entry) => JSON.stringify(entry).includes("Stop hook feedback"));
    const summary = rest.entries.findIndex((entry) => entry["subtype"] === "stop_hook_summary") + 1;
    const working = { screen: turnScreen("claude", "stop-hook-blocked", "working") };
    // The first Stop, while the other Stop hook still runs (the screen says so): not an end yet.
    w.hooks(rest.hooks.slice(0, 1));
    w.entries(rest.entries.slice(0, feedback));
    expect(await w.observe({ ...working, now: 10_000 })).toMatchObject({ state: "running" });
    expect(await w.observe({ ...working, now: 60_000 })).toMatchObject({ state: "running" });
    // It blocked: its feedback entry, and Claude goes on.
    w.entries(rest.entries.slice(feedback, summary));
    expect(await w.observe({ ...working, now: 61_000 })).toMatchObject({ state: "running" });
    w.hooks(rest.hooks.slice(1));
    w.entries(rest.entries.slice(summary));
    expect(await w.observe({ now: 62_000 })).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
      source: "hook",
    });
  });

  it("sent-while-busy: the busy turn's Stop comes first; the queued message's own turn is the one followed", async () => {
    const w = world();
    await w.begin();
    const hooks = turnLines("claude", "sent-while-busy", "hooks");
    const entries = turnLines("claude", "sent-while-busy", "transcript");
    const prompt = hooks.findIndex((line) => line["hook_event_name"] === "UserPromptSubmit");
    const ours = entries.findIndex((entry) => entry["type"] === "user");
    w.hooks(hooks.slice(0, prompt));
    w.entries(entries.slice(0, ours));
    const working = { screen: turnScreen("claude", "sent-while-busy", "working") };
    expect(await w.observe(working)).toMatchObject({ state: "waiting" });
    w.hooks(hooks.slice(prompt));
    w.entries(entries.slice(ours));
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

describe("claude-code turns: older or partial signals", () => {
  it("a torn last line is read once it is complete", async () => {
    const w = world();
    await w.begin();
    const { start, rest } = recorded("completed");
    w.hooks(start.hooks);
    w.entries([...start.entries, ...rest.entries]);
    const stop = JSON.stringify({ ...rest.hooks[0], transcript_path: w.transcript });
    appendFileSync(w.events, stop.slice(0, 40));
    expect(await w.observe()).toMatchObject({ state: "running" });
    appendFileSync(w.events, `${stop.slice(40)}\n`);
    expect(await w.observe()).toMatchObject({ state: "ended", reply: "Hello from the mock model." });
  });

  it("a Stop the transcript has not confirmed (no turn_duration yet) ends once the screen shows no work", async () => {
    const w = world();
    await w.begin();
    const { start, rest } = recorded("completed");
    w.hooks([...start.hooks, ...rest.hooks]);
    const done = rest.entries.findIndex((entry) => entry["subtype"] === "turn_duration");
    w.entries([...start.entries, ...rest.entries.slice(0, done)]);
    const working = turnScreen("claude", "completed", "working");
    const idle = turnScreen("claude", "completed", "screen");
    expect(await w.observe({ screen: working, now: 10_000 })).toMatchObject({ state: "running" });
    expect(await w.observe({ screen: idle, now: 60_000 })).toMatchObject({ state: "running" });
    expect(await w.observe({ screen: idle, now: 60_000 + QUIET_MS })).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
      source: "hook",
    });
  });

  it("ends at the Stop when there is no transcript to confirm it", async () => {
    const w = world();
    await w.begin();
    const { start, rest } = recorded("completed");
    w.hooks([...start.hooks, ...rest.hooks]);
    expect(await w.observe()).toMatchObject({ state: "ended", reply: "Hello from the mock model." });
  });

  it("a next prompt before any end means this turn was dropped: interrupted", async () => {
    const w = world();
    await w.begin();
    const first = recorded("interrupted-before-reply");
    const next = recorded("after-interrupt");
    w.hooks([...first.start.hooks, ...next.start.hooks, ...next.rest.hooks]);
    w.entries([...first.start.entries, ...next.start.entries, ...next.rest.entries]);
    expect(await w.observe()).toMatchObject({
      state: "ended",
      outcome: "interrupted",
      reply: "",
      source: "hook",
    });
  });

  it("takes the reply from the transcript when Stop carries none", async () => {
    const w = world();
    await w.begin();
    const { start, rest } = recorded("completed");
    w.hooks(start.hooks);
    w.entries([...start.entries, ...rest.entries]);
    const { last_assistant_message: _dropped, ...stop } = rest.hooks[0] ?? {};
    w.hooks([stop]);
    expect(await w.observe()).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
      source: "transcript",
    });
  });

  it("reads a failure from the transcript's API error entry when no StopFailure hook is configured", async () => {
    const w = world();
    await w.begin();
    const { start, rest } = recorded("failed-model");
    w.hooks(start.hooks);
    w.entries([...start.entries, ...rest.entries]);
    const signal = await w.observe();
    expect(signal).toMatchObject({ state: "ended", outcome: "failed", source: "transcript" });
    expect(signal.state === "ended" && signal.error).toContain("There's an issue with the selected model");
  });

  it("reads a transcript that changed since the cursor (after /clear) from the turn's own prompt on", async () => {
    const w = world();
    await w.begin();
    const next = join(makeTempDir("ao-claude-projects-"), "cleared.jsonl");
    const older = recorded("interrupted");
    w.entries([...older.start.entries, ...older.rest.entries], next);
    const { start } = recorded("completed");
    w.hooks(start.hooks, next);
    w.entries(start.entries, next);
    expect(await w.observe({ screen: turnScreen("claude", "completed", "working") })).toMatchObject({
      state: "running",
    });
  });

  it("stops reading the transcript at the next prompt's entries: they belong to a later turn", async () => {
    const w = world();
    await w.begin();
    const { start } = recorded("completed");
    w.hooks(start.hooks);
    const later = recorded("failed-model");
    w.entries([...start.entries, ...later.start.entries, ...later.rest.entries]);
    expect(await w.observe({ screen: turnScreen("claude", "completed", "working") })).toMatchObject({
      state: "running",
    });
  });

  it("starts from now on a cursor it did not write, never attributing an older turn", async () => {
    const w = world();
    const old = recorded("completed");
    w.hooks([...old.start.hooks, ...old.rest.hooks]);
    const signal = await turns.observeTurn(turnProbe(w.worktree, '{"v":1,"before":[]}'));
    expect(signal.state).toBe("waiting");
  });

  it("dates the turn by the recorder's arrival stamps", async () => {
    const w = world();
    await w.begin();
    const command = hookRecorderCommand(process.execPath, w.events);
    const { start, rest } = recorded("completed");
    for (const line of [...start.hooks, ...rest.hooks])
      execFileSync("/bin/sh", ["-c", command], { input: JSON.stringify(line) });
    const stamped = readFileSync(w.events, "utf8")
      .trim()
      .split("\n")
      .slice(-2)
      .map((line) => (JSON.parse(line) as Line)[RECEIVED_AT_KEY]);
    expect(stamped.every((at) => typeof at === "number")).toBe(true);
    expect(await w.observe()).toMatchObject({ state: "ended", startedAt: stamped[0], endedAt: stamped[1] });
  });
});
