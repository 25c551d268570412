import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Agent, TurnSignal, TurnStatus } from "../../../src/core/slots/index.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { claudeCodeOptions, codexOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { launchInput, tempClaudePaths } from "./fixtures.js";
import { harness, type Harness } from "./tmux-harness.js";

/**
 * The fake claude and codex (test/fixtures/bin/) in a real tmux, driven by their plugins: a message
 * pasted into the pane becomes a turn the plugin's observeTurn follows from its own cursor, through
 * the signals the fakes write the way the real CLIs do (hooks and transcript; the rollout file).
 * FAKE_AGENT_TURNS_FILE sets each turn's outcome.
 */
const AGENTS: [string, (home: string) => Agent, { joins: boolean }][] = [
  // A message sent while Claude Code works is queued and becomes a turn of its own (recorded).
  [
    "claude-code",
    () => createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths()),
    { joins: false },
  ],
  // Codex adds it to the running turn, which then answers both (recorded).
  ["codex", (home) => createCodexAgent(codexOptions.parse({}), join(home, ".codex")), { joins: true }],
];

interface Session {
  agent: Agent;
  pane: Harness;
  worktree: string;
  turnsFile: string;
}

/** The agent started on its task; `taskMs` is how long the task's own turn works. */
async function startSession(make: (home: string) => Agent, taskMs = 100): Promise<Session> {
  const worktree = makeTestRepo().dir;
  const home = makeTempDir("ao-turns-home-");
  const turnsFile = join(makeTempDir("ao-turns-"), "turns.json");
  writeFileSync(turnsFile, JSON.stringify({ workMs: taskMs }));
  const agent = make(home);
  await agent.prepareWorkspace?.({ sessionId: "app-1", worktree });
  const pane = harness(worktree, home);
  pane.start(await agent.launch(launchInput(worktree)), { FAKE_AGENT_TURNS_FILE: turnsFile });
  return { agent, pane, worktree, turnsFile };
}

const taskDone = (session: Session) =>
  eventually(() => session.pane.screen().includes("Working on: Fix the flaky test"), "the task's turn");

/** One turn as core runs it: cursor, delivery (paste + Enter), then observations until it ends. */
async function turn(
  session: Session,
  settings: Record<string, unknown>,
  options: { interrupt?: boolean } = {},
): Promise<{ ended: TurnSignal; seen: TurnSignal["state"][] }> {
  const { agent, pane, worktree } = session;
  writeFileSync(session.turnsFile, JSON.stringify(settings));
  const probe = () => ({ sessionId: "app-1", worktree, liveness: pane.liveness(), screen: pane.screen() });
  let cursor = await agent.turnCursor!(probe());
  pane.paste("Please check the build");
  pane.keys("Enter");
  const deliveredAt = Date.now();
  const seen: TurnSignal["state"][] = [];
  const ended = await eventually(async () => {
    const message = { sha256: "0".repeat(64), bytes: 22 };
    const signal = await agent.observeTurn!({ ...probe(), cursor, message, deliveredAt, now: Date.now() });
    cursor = signal.cursor;
    seen.push(signal.state);
    if (options.interrupt && signal.state === "running" && seen.indexOf("running") === seen.length - 1)
      pane.keys(...(agent.interruptKeys ?? ["C-c"]));
    return signal.state === "ended" ? signal : undefined;
  }, "the turn's end");
  return { ended, seen };
}

const outcome = (signal: TurnSignal): TurnStatus | "open" =>
  signal.state === "ended" ? signal.outcome : "open";

describe.each(AGENTS)("%s turns with the fake CLI in tmux", (_name, make, { joins }) => {
  it("running → ended with the reply; empty, failed and interrupted turns are told apart", async () => {
    const session = await startSession(make);
    await taskDone(session);

    const done = await turn(session, { reply: "TURN-REPLY all green", workMs: 1500 });
    expect(done.seen).toContain("running");
    expect(done.ended).toMatchObject({ state: "ended", outcome: "completed", reply: "TURN-REPLY all green" });

    const empty = await turn(session, { reply: "", workMs: 200 });
    expect(empty.ended).toMatchObject({ outcome: "completed", reply: "" });

    const words = "There's an issue with the selected model (claude-retired). It may not exist.";
    const failed = await turn(session, { fail: words, workMs: 200 });
    expect(outcome(failed.ended)).toBe("failed");
    expect(failed.ended.state === "ended" && failed.ended.error).toBe(words);

    const stopped = await turn(session, { workMs: 60_000 }, { interrupt: true });
    expect(stopped.seen).toContain("running");
    expect(stopped.ended).toMatchObject({ outcome: "interrupted", source: "transcript" });

    const after = await turn(session, { reply: "TURN-REPLY again", workMs: 200 });
    expect(after.ended).toMatchObject({ outcome: "completed", reply: "TURN-REPLY again" });
  });

  it("a message sent while the task's own turn still works is followed to its end", async () => {
    const session = await startSession(make, 3_000);
    const { agent, pane, worktree } = session;
    const activity = () =>
      agent.activity({ sessionId: "app-1", worktree, liveness: pane.liveness(), screen: pane.screen() });
    // Working by the agent's own signals (its prompt hook, its rollout), not just on screen.
    await eventually(async () => (await activity()).activity === "working", "the task at work");
    const sent = await turn(session, { reply: "TURN-REPLY after the task", workMs: 300 });
    // Claude's queued message starts only after the task's turn; Codex's joins the running one at once.
    if (!joins) expect(sent.seen).toContain("waiting");
    expect(sent.ended).toMatchObject({
      outcome: "completed",
      reply: joins ? "Working on: Fix the flaky test in parser.ts $(rm -rf ~)" : "TURN-REPLY after the task",
    });
  });
});
