import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { makeTestRepo, runGit, type TestRepo } from "../helpers/git-repo.js";
import { AO_BIN, runAo, type AoRun } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTmuxHome } from "../helpers/tmux.js";

/** The fake agent CLIs (a `claude` that behaves like Claude Code's TUI, hooks and transcripts). */
export const FAKE_BIN = fileURLToPath(new URL("../fixtures/bin", import.meta.url));

export interface E2e {
  home: string;
  repo: TestRepo;
  /** HOME of the fake agents (their transcripts live under it). */
  userHome: string;
  configDir: string;
  env: Record<string, string> & { AO_HOME: string };
  /** Every start of a fake agent, one JSON line each: {agent, argv, cwd}. */
  argvLog: string;
  ao(args: string[], options?: { input?: string; env?: Record<string, string> }): AoRun;
  /** Like `ao` but asynchronous, for starting many at once. */
  aoAsync(args: string[], options?: { env?: Record<string, string> }): Promise<AoRun>;
  tmux(args: string[]): string;
  worktree(id: string): string;
  /** The parsed `ao session ls --all --json`. */
  sessions(): SessionJson[];
  /** Project `app`'s keys (`projectYaml`, indented for it) and top-level keys (`topYaml`, as written). */
  writeConfig(projectYaml?: string, topYaml?: string): void;
}

export interface SessionJson {
  id: string;
  branch: string;
  worktree: string;
  status: string;
  reason: string | null;
  spawnStep: string | null;
  runtime: { liveness: string; handle: { id: string } | null };
  agent: { name: string; sessionId: string | null };
  activity: { state: string } | null;
}

/**
 * One isolated world per test: a real repository with a bare origin, an AO_HOME whose tmux server
 * is killed afterwards, the built `ao` with the fake `claude` first on PATH, TMUX unset (runAo
 * passes only what it is given) and the default plugins (tmux, claude-code, worktree).
 */
export function makeE2e(): E2e {
  const { home, tmux } = makeTmuxHome();
  const repo = makeTestRepo();
  const userHome = makeTempDir("ao-user-");
  const configDir = makeTempDir("ao-cfg-");
  const argvLog = join(userHome, "argv.log");
  const env = {
    AO_HOME: home,
    HOME: userHome,
    PATH: `${FAKE_BIN}:${process.env["PATH"] ?? ""}`,
    NO_COLOR: "1",
    FAKE_AGENT_WORK_MS: "300",
    FAKE_AGENT_ARGV_LOG: argvLog,
  };
  const writeConfig = (projectYaml = "", topYaml = "") => {
    const extra = projectYaml
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => `    ${line}\n`)
      .join("");
    writeFileSync(
      join(configDir, "agent-orchestrator.yaml"),
      `${topYaml === "" ? "" : `${topYaml.trimEnd()}\n`}projects:\n  app:\n    path: ${repo.dir}\n${extra}`,
    );
  };
  writeConfig();
  const e2e: E2e = {
    home,
    repo,
    userHome,
    configDir,
    env,
    argvLog,
    ao: (args, options = {}) =>
      runAo(args, {
        cwd: configDir,
        env: { ...env, ...options.env },
        ...(options.input === undefined ? {} : { input: options.input }),
      }),
    aoAsync: (args, options = {}) => runAoAsync(args, configDir, { ...env, ...options.env }),
    tmux,
    worktree: (id) => join(home, "projects", "app", "worktrees", id),
    sessions: () => {
      const result = e2e.ao(["session", "ls", "--all", "--json"]);
      expect(result.exitCode, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { sessions: SessionJson[] }).sessions;
    },
    writeConfig,
  };
  return e2e;
}

function runAoAsync(args: string[], cwd: string, env: Record<string, string>): Promise<AoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AO_BIN, ...args], {
      cwd,
      env: { PATH: env["PATH"] ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}

/** Polls `check` until it returns a value other than undefined; a hang guard, not a timing. */
export async function eventually<T>(
  check: () => T | undefined,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The agent starts it logged, in order; the fake claude appends one line per start. */
export function agentStarts(e2e: E2e): { agent: string; argv: string[]; cwd: string }[] {
  if (!existsSync(e2e.argvLog)) return [];
  return readFileSync(e2e.argvLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { agent: string; argv: string[]; cwd: string });
}

/** The hook events Claude Code's hooks recorded in the session's worktree (.ao/agent-events.jsonl). */
export function hookEvents(worktree: string): Record<string, unknown>[] {
  const file = join(worktree, ".ao", "agent-events.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The fake claude's conversation id in a session, once its first turn ended: what a restore resumes. */
export async function conversationOf(e2e: E2e, id: string): Promise<string> {
  return eventually(
    () =>
      hookEvents(e2e.worktree(id)).find((event) => event["hook_event_name"] === "Stop")?.["session_id"] as
        string | undefined,
    `${id}'s first turn`,
  );
}

export function branches(repo: TestRepo): string[] {
  return runGit(repo.dir, ["branch", "--format=%(refname:short)"]).split("\n").filter(Boolean);
}

export function worktreeCount(repo: TestRepo): number {
  return runGit(repo.dir, ["worktree", "list", "--porcelain"])
    .split("\n")
    .filter((line) => line.startsWith("worktree ")).length;
}

/** The sessions on the test's tmux server; none when the server is not running. */
export function tmuxSessions(e2e: E2e): string[] {
  const result = spawnSync(
    "tmux",
    ["-S", join(e2e.home, "tmux.sock"), "list-sessions", "-F", "#{session_name}"],
    {
      encoding: "utf8",
      env: Object.fromEntries(
        Object.entries(process.env).filter(([key]) => key !== "TMUX" && key !== "TMUX_PANE"),
      ),
    },
  );
  return result.status === 0 ? result.stdout.split("\n").filter(Boolean) : [];
}

/** Kills the daemons a test started and empties the list: a failed test must not leave one behind. */
export function killDaemons(pids: number[]): void {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
