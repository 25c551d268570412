import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect } from "vitest";
import { startFakeGitHub, type FakeGitHub } from "../fakes/github/fake-github.js";
import { FakeIssues } from "../fakes/github/issue-routes.js";
import { FakeGitHubState } from "../fakes/github/state.js";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver.js";
import { makeTestRepo, type TestRepo } from "../helpers/git-repo.js";
import { AO_BIN, type AoRun } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTmuxHome } from "../helpers/tmux.js";

export const REPO = "acme/widgets";
export const TOKEN = "ghp_LOOPloopLOOPloopLOOPloop0123456789ab";
const NOTIFY_SECRET = "loop-github-notify-secret";
export const WEBHOOK_SECRET = "loop-github-webhook-secret";
const AGENT = fileURLToPath(new URL("../fixtures/github-loop-agent.mjs", import.meta.url));

/** One line of the scripted agent's log: the prompt it started with, or a message it was given. */
export interface Arrival {
  at: number;
  kind: "prompt" | "message";
  text: string;
}

export interface PullView {
  number: number;
  url: string | null;
  state: string | null;
  ci: { state: string; failing: { name: string; logTail: string | null }[] } | null;
  review: {
    decision: string;
    threads: { path: string | null; line: number | null; author: string; body: string }[];
    withheld: { threads: number; authors: string[] } | null;
  } | null;
  mergeable: boolean | null;
}

export interface SessionStatus {
  id: string;
  issue: string | null;
  branch: string;
  status: string;
  pr: PullView | null;
}

export interface LoggedEvent {
  type: string;
  sessionId: string | null;
  payload: Record<string, unknown>;
}

export interface LoopOptions {
  /** The project's `reactions` (merged over the defaults). */
  reactions?: Record<string, unknown>;
  /** Switches of the scripted agent (LOOP_AGENT_*). */
  agentEnv?: Record<string, string>;
  /** The project's runtime (default tmux with its defaults). */
  runtime?: Record<string, unknown>;
}

export interface GitHubLoop {
  fake: FakeGitHub;
  issues: FakeIssues;
  receiver: WebhookReceiver;
  repo: TestRepo;
  home: string;
  /** Asynchronous: the fake GitHub lives in this process and must go on answering meanwhile. */
  ao(args: string[]): Promise<AoRun>;
  /** `ao status [--refresh] --json`, the one session. */
  status(options?: { refresh?: boolean }): Promise<SessionStatus>;
  /** `ao start --json` in the background; returns the daemon's pid. */
  startDaemon(): Promise<number>;
  /** A session's status from `ao session ls --all --json` (terminal ones too). */
  sessionStatus(id: string): Promise<string | undefined>;
  /** When the daemon's last cycle began (0 before the first). */
  lastCycleAt(): Promise<number>;
  arrivals(): Arrival[];
  messages(): string[];
  /** The event log, oldest first (`ao events --json`). */
  events(): Promise<LoggedEvent[]>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The GitHub loop of issues 4 and 5 through the built binary: a fake GitHub (REST, GraphQL,
 * issues) serving a real bare repository that is the project's `origin`, the scripted agent in
 * tmux, and a loopback receiver of the `webhook` notifier. The daemon is stopped (or killed),
 * the fake and the receiver closed after the test.
 */
export async function makeGitHubLoop(options: LoopOptions = {}): Promise<GitHubLoop> {
  const state = new FakeGitHubState();
  const issues = new FakeIssues(state);
  const fake = await startFakeGitHub({ state, routes: issues.routes(), token: TOKEN });
  const receiver = await startWebhookReceiver({ secret: NOTIFY_SECRET }, "/ao");
  const { home } = makeTmuxHome();
  const repo = makeTestRepo();
  fake.addRepo(REPO, repo.origin, "main");
  const configDir = makeTempDir("ao-cfg-");
  const agentLog = join(makeTempDir("ao-agent-"), "arrivals.jsonl");
  writeConfig(configDir, repo, receiver.url, agentLog, options);
  const env = {
    AO_HOME: home,
    NO_COLOR: "1",
    GITHUB_TOKEN: TOKEN,
    GITHUB_API_URL: fake.apiUrl,
    AO_WEBHOOK_SECRET: NOTIFY_SECRET,
    AO_GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
  const ao = (args: string[]) => runAoAsync(args, configDir, env);
  const pids: number[] = [];
  cleanups.push(async () => {
    await ao(["stop"]);
    for (const pid of pids) killQuietly(pid);
    await receiver.close();
    await fake.close();
  });
  const arrivals = (): Arrival[] =>
    existsSync(agentLog)
      ? readFileSync(agentLog, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Arrival)
      : [];
  return {
    fake,
    issues,
    receiver,
    repo,
    home,
    ao,
    status: async ({ refresh = false } = {}) => {
      const run = await ao(["status", ...(refresh ? ["--refresh"] : []), "--json"]);
      expect(run.exitCode, run.stderr).toBe(0);
      const [session] = (JSON.parse(run.stdout) as { sessions: SessionStatus[] }).sessions;
      if (session === undefined) throw new Error("ao status shows no session");
      return session;
    },
    startDaemon: async () => {
      const run = await ao(["start", "--json"]);
      expect(run.exitCode, run.stderr).toBe(0);
      const { pid } = JSON.parse(run.stdout) as { pid: number };
      pids.push(pid);
      return pid;
    },
    sessionStatus: async (id) => {
      const run = await ao(["session", "ls", "--all", "--json"]);
      expect(run.exitCode, run.stderr).toBe(0);
      const { sessions } = JSON.parse(run.stdout) as { sessions: { id: string; status: string }[] };
      return sessions.find((session) => session.id === id)?.status;
    },
    lastCycleAt: async () => {
      const run = await ao(["status", "--json"]);
      expect(run.exitCode, run.stderr).toBe(0);
      const { daemon } = JSON.parse(run.stdout) as { daemon?: { lastCycle?: { at: number } } };
      return daemon?.lastCycle?.at ?? 0;
    },
    arrivals,
    messages: () => arrivals().flatMap((arrival) => (arrival.kind === "message" ? [arrival.text] : [])),
    events: async () => {
      const run = await ao(["events", "--json"]);
      expect(run.exitCode, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { events: LoggedEvent[] }).events;
    },
  };
}

/** JSON is YAML: the config is written as the object it is. */
function writeConfig(
  configDir: string,
  repo: TestRepo,
  notifyUrl: string,
  agentLog: string,
  options: LoopOptions,
): void {
  const config = {
    port: 0,
    daemon: { pollInterval: "1s", stopTimeout: "20s" },
    notifiers: { hook: { plugin: "webhook", url: notifyUrl, secretEnv: "AO_WEBHOOK_SECRET" } },
    defaults: { notifiers: ["hook"] },
    projects: {
      app: {
        path: repo.dir,
        repo: REPO,
        tracker: "github",
        // The fake's git side is a bare repository on this machine.
        scm: { plugin: "github", allowLocalRemote: true },
        ...(options.runtime === undefined ? {} : { runtime: options.runtime }),
        agent: {
          plugin: "command",
          argv: [process.execPath, AGENT, "--prompt-file", "{promptFile}"],
          env: { LOOP_AGENT_LOG: agentLog, ...options.agentEnv },
        },
        ...(options.reactions === undefined ? {} : { reactions: options.reactions }),
      },
    },
  };
  writeFileSync(join(configDir, "agent-orchestrator.yaml"), JSON.stringify(config, null, 2));
}

/** The built binary without blocking this process (runAo would: spawnSync stops the fake GitHub too). */
function runAoAsync(args: string[], cwd: string, env: Record<string, string>): Promise<AoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AO_BIN, ...args], {
      cwd,
      env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", ...env },
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

export function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` (which may be async) until it gives a value; a hang guard, not a timing. */
export async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
