import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type {
  ActivityProbe,
  ActivityReport,
  Agent,
  AgentLaunchInput,
  AgentResumeInput,
  AgentTurns,
  LaunchSpec,
  RuntimeKey,
  TurnCursorProbe,
  TurnProbe,
  TurnSignal,
  UsageProbe,
  UsageRead,
  UsageRecord,
  WorkspacePreparation,
} from "../../src/core/slots/index.js";

/** What the fake agent's TUI shows in each state; tests print these on a FakeRuntime screen. */
export const FAKE_AGENT_SCREENS = {
  working: "✻ Working… (esc to interrupt)",
  idle: "❯ \n  ? for shortcuts",
  needsInput: "Do you want to make this edit?\n❯ 1. Yes\n  2. No",
} as const;

export const FAKE_AGENT_BYPASS_FLAG = "--skip-permissions";

/** Where the fake agent keeps its files inside a workspace (git-ignored through info/exclude). */
export const FAKE_AGENT_DIR = ".fake-agent";

/**
 * An agent for a program called `fake-agent`. It reads activity from the screen like a real TUI
 * agent, learns its own session id from a file its hooks would write, and lets a test override
 * activity per session and add usage records.
 */
export class FakeAgent implements Agent {
  readonly launches: AgentLaunchInput[] = [];
  readonly prepared: WorkspacePreparation[] = [];
  private readonly activities = new Map<string, ActivityReport>();
  private readonly usages = new Map<string, UsageRecord[]>();

  constructor(private readonly command: readonly string[] = ["fake-agent"]) {}

  launch(input: AgentLaunchInput): Promise<LaunchSpec> {
    this.launches.push({ ...input });
    return Promise.resolve(this.spec(input, []));
  }

  resume(input: AgentResumeInput): Promise<LaunchSpec> {
    return Promise.resolve(this.spec(input, ["--resume", input.agentSessionId]));
  }

  activity(probe: ActivityProbe): Promise<ActivityReport> {
    const agentSessionId = readSessionId(probe.worktree) ?? probe.agentSessionId;
    const withId = (report: ActivityReport): ActivityReport =>
      agentSessionId === undefined ? report : { ...report, agentSessionId };
    if (probe.liveness.state === "exited" || probe.liveness.state === "missing") {
      return Promise.resolve(withId({ activity: "exited" }));
    }
    if (probe.liveness.state === "unknown")
      return Promise.resolve(withId({ activity: "unknown", detail: probe.liveness.reason }));
    const forced = this.activities.get(probe.sessionId);
    return Promise.resolve(withId(forced ?? classifyScreen(probe.screen)));
  }

  prepareWorkspace(input: WorkspacePreparation): Promise<void> {
    this.prepared.push({ ...input });
    mkdirSync(join(input.worktree, FAKE_AGENT_DIR), { recursive: true });
    writeFileSync(
      join(input.worktree, FAKE_AGENT_DIR, "hooks.json"),
      `${JSON.stringify({ session: input.sessionId })}\n`,
    );
    excludeFromGit(input.worktree, `/${FAKE_AGENT_DIR}/`);
    return Promise.resolve();
  }

  /** The records set for the worktree after the cursor (the count already read). */
  usage(probe: UsageProbe): Promise<UsageRead> {
    const records = this.usages.get(probe.worktree) ?? [];
    const read = probe.cursor === "" ? 0 : Number(probe.cursor);
    return Promise.resolve({ records: records.slice(read), cursor: String(records.length), source: "fake" });
  }

  /** Reports `report` for the session regardless of the screen, until cleared with undefined. */
  setActivity(sessionId: string, report: ActivityReport | undefined): void {
    if (report) this.activities.set(sessionId, report);
    else this.activities.delete(sessionId);
  }

  /** Appends usage records, as the CLI would write them to its files. */
  addUsage(worktree: string, ...records: UsageRecord[]): void {
    this.usages.set(worktree, [...(this.usages.get(worktree) ?? []), ...records]);
  }

  /** What the agent's hooks would write once the program knows its conversation id. */
  static writeSessionId(worktree: string, agentSessionId: string): void {
    mkdirSync(join(worktree, FAKE_AGENT_DIR), { recursive: true });
    writeFileSync(join(worktree, FAKE_AGENT_DIR, "session-id"), agentSessionId);
  }

  private spec(input: AgentLaunchInput, extra: string[]): LaunchSpec {
    const argv = [...this.command, "--prompt-file", input.promptFile, ...extra];
    if (input.permissions === "permissionless") argv.push(FAKE_AGENT_BYPASS_FLAG);
    if (input.model !== undefined) argv.push("--model", input.model);
    return { argv, env: { FAKE_AGENT_SESSION: input.sessionId } };
  }
}

function classifyScreen(screen: string | undefined): ActivityReport {
  if (screen === undefined || screen.trim() === "") return { activity: "unknown", detail: "no screen" };
  if (screen.includes(FAKE_AGENT_SCREENS.working)) return { activity: "working" };
  if (screen.includes("Do you want to")) return { activity: "needs_input", detail: "permission prompt" };
  if (screen.includes("? for shortcuts")) return { activity: "idle" };
  return { activity: "unknown", detail: "unrecognised screen" };
}

function readSessionId(worktree: string): string | undefined {
  const file = join(worktree, FAKE_AGENT_DIR, "session-id");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

/** Adds a pattern to the repository's info/exclude (the common dir's, for a linked worktree). */
function excludeFromGit(worktree: string, pattern: string): void {
  const gitDir = locateCommonGitDir(worktree);
  if (gitDir === undefined) return;
  const exclude = join(gitDir, "info", "exclude");
  const current = existsSync(exclude) ? readFileSync(exclude, "utf8") : "";
  if (current.split("\n").includes(pattern)) return;
  mkdirSync(dirname(exclude), { recursive: true });
  appendFileSync(exclude, `${current === "" || current.endsWith("\n") ? "" : "\n"}${pattern}\n`);
}

function locateCommonGitDir(worktree: string): string | undefined {
  const dotGit = join(worktree, ".git");
  if (!existsSync(dotGit)) return undefined;
  if (statSync(dotGit).isDirectory()) return dotGit;
  const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trim();
  if (pointer === undefined) return undefined;
  const gitDir = isAbsolute(pointer) ? pointer : resolve(worktree, pointer);
  const commonFile = join(gitDir, "commondir");
  if (!existsSync(commonFile)) return gitDir;
  return resolve(gitDir, readFileSync(commonFile, "utf8").trim());
}

/** What a hooked fake agent's CLI reports about a turn, as Claude Code's hooks would. */
export type FakeTurnHook =
  | { type: "start"; at?: number }
  | { type: "stop"; reply: string; at?: number }
  | { type: "fail"; error: string }
  | { type: "interrupted" };

/** The hooked fake's reply to the task it was started with (when the task turn ends). */
export const FAKE_TASK_REPLY = "Done with the task.";

/**
 * A FakeAgent with the turn capability: its "hooks" are a list per session that tests (or a
 * FakeRuntime program) append to. The cursor is how many hooks there were; the first start after
 * it is this turn's, the first stop (or failure, or interruption) after that ends it.
 *
 * Like a real CLI started with a prompt, a launched one works on its task first: its hooks get the
 * task's start, then (unless `holdsTask`) its stop with FAKE_TASK_REPLY. A test that wants the task
 * still running sets `holdsTask` and ends it with `hook(id, { type: "stop", … })`.
 */
export class HookedFakeAgent extends FakeAgent implements AgentTurns {
  readonly interruptKeys: readonly RuntimeKey[] = ["Escape"];
  private readonly hooks = new Map<string, FakeTurnHook[]>();
  /** Launches from now on keep working on their task until the test ends it. */
  holdsTask = false;

  override launch(input: AgentLaunchInput): Promise<LaunchSpec> {
    this.hook(input.sessionId, { type: "start" });
    if (!this.holdsTask) this.hook(input.sessionId, { type: "stop", reply: FAKE_TASK_REPLY });
    return super.launch(input);
  }

  hook(sessionId: string, hook: FakeTurnHook): void {
    this.hooks.set(sessionId, [...(this.hooks.get(sessionId) ?? []), hook]);
  }

  turnCursor(probe: TurnCursorProbe): Promise<string> {
    return Promise.resolve(String(this.hooks.get(probe.sessionId)?.length ?? 0));
  }

  observeTurn(probe: TurnProbe): Promise<TurnSignal> {
    const all = this.hooks.get(probe.sessionId) ?? [];
    const after = all.slice(Number(probe.cursor));
    const cursor = String(all.length);
    const start = after.findIndex((hook) => hook.type === "start");
    if (start === -1) return Promise.resolve({ state: "waiting", cursor: probe.cursor });
    const begun = after[start] as { at?: number };
    const end = after.slice(start + 1).find((hook) => hook.type !== "start");
    const startedAt = begun.at === undefined ? {} : { startedAt: begun.at };
    if (end === undefined) return Promise.resolve({ state: "running", cursor: probe.cursor, ...startedAt });
    const ended = { state: "ended" as const, cursor, source: "hook" as const, ...startedAt };
    if (end.type === "stop") return Promise.resolve({ ...ended, outcome: "completed", reply: end.reply });
    if (end.type === "fail")
      return Promise.resolve({ ...ended, outcome: "failed", reply: "", error: end.error });
    return Promise.resolve({ ...ended, outcome: "interrupted", reply: "" });
  }
}
