import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect } from "vitest";
import { startFakeGitHub, type FakeGitHub } from "../fakes/github/fake-github.js";
import type { FakePull } from "../fakes/github/state.js";
import { runGit } from "../helpers/git-repo.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";
import type { EventJson } from "./event-shapes.js";
import { LINES, agentCommits, type QueueEntryJson, type QueueJson } from "./merge-train-fixture.js";

export const REPO = "acme/widgets";
const TOKEN = "ghp_TRAINtrainTRAINtrain0123456789abcdef";

/** The check GitHub's CI reports on every head: the base branch requires it. */
export const CHECK = "ci";

export interface GitHubTrain {
  e2e: E2e;
  fake: FakeGitHub;
  turnsFile: string;
  /** Every ao command asynchronously: the fake GitHub lives in this process and must go on answering. */
  ao(args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }>;
  events(type?: string): Promise<EventJson[]>;
  queue(): Promise<QueueJson>;
  /** The pull request of a session's branch on the fake GitHub. */
  pullOf(id: string): FakePull | undefined;
  /** The heads GitHub's CI was asked to run on, in order, with the verdict it gave. */
  ciRuns: { sha: string; branch: string; conclusion: "success" | "failure" }[];
  /** Whether GitHub's CI goes red on this head of this branch (default: never). */
  isRed: (branch: string, sha: string) => boolean;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/**
 * Project `app` on scm/github against the loopback fake (its origin the fake's bare repository),
 * fake Claude agents in tmux, a 1 s daemon, app.txt on main, every push into the origin recorded.
 * `main` requires the `ci` check, or merges through GitHub's merge queue. GitHub's CI is played
 * here: every new head of an open pull request gets a `ci` check run, in progress first and
 * completed on the next look — green, unless the test's `isRed` says otherwise.
 */
export async function makeGitHubTrain(gate: "required-checks" | "merge-queue"): Promise<GitHubTrain> {
  const fake = await startFakeGitHub({ token: TOKEN });
  const e2e = makeE2e();
  fake.addRepo(REPO, e2e.repo.origin, "main");
  fake.recordPushes(REPO);
  if (gate === "merge-queue") fake.enableMergeQueue(REPO, "main");
  else fake.requireChecks(REPO, "main", [CHECK]);
  const turnsFile = join(e2e.userHome, "turns.json");
  writeFileSync(turnsFile, "{}");
  Object.assign(e2e.env, {
    FAKE_AGENT_TURNS_FILE: turnsFile,
    GITHUB_TOKEN: TOKEN,
    GITHUB_API_URL: fake.apiUrl,
  });
  e2e.writeConfig(
    `repo: ${REPO}\nscm:\n  plugin: github\n  allowLocalRemote: true\nmergeQueue:\n  update: rebase`,
    "port: 0\ndaemon:\n  pollInterval: 1s",
  );
  writeFileSync(join(e2e.repo.dir, "app.txt"), `${LINES.join("\n")}\n`);
  runGit(e2e.repo.dir, ["add", "app.txt"]);
  runGit(e2e.repo.dir, ["commit", "-q", "-m", "app.txt"]);
  runGit(e2e.repo.dir, ["push", "-q", "origin", "main"]);
  const ao = (args: string[]) => e2e.aoAsync(args);
  const ciRuns: GitHubTrain["ciRuns"] = [];
  const ci = setInterval(() => playCi(fake, ciRuns, train.isRed), 200);
  stops.push(async () => {
    clearInterval(ci);
    await ao(["stop"]);
    for (const session of e2e.sessions()) await ao(["session", "kill", session.id]);
    await fake.close();
  });
  const events = async (type?: string) => {
    const run = await ao(["events", "--json", "--limit", "100000"]);
    expect(run.exitCode, run.stderr).toBe(0);
    const all = (JSON.parse(run.stdout) as { events: EventJson[] }).events;
    return type === undefined ? all : all.filter((event) => event.type.startsWith(type));
  };
  const queue = async () => {
    const run = await ao(["queue", "app", "--json"]);
    expect(run.exitCode, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as QueueJson;
  };
  const pullOf = (id: string) => {
    const branch = e2e.sessions().find((session) => session.id === id)?.branch;
    fake.state.invalidate();
    return fake.state.pullsOf(REPO).find((pull) => pull.head === branch);
  };
  const train: GitHubTrain = { e2e, fake, turnsFile, ao, events, queue, pullOf, ciRuns, isRed: () => false };
  return train;
}

/** One look of GitHub's CI: a new head gets its run started; a started run completes. */
function playCi(fake: FakeGitHub, ciRuns: GitHubTrain["ciRuns"], isRed: GitHubTrain["isRed"]): void {
  fake.state.invalidate();
  for (const pull of fake.state.pullsOf(REPO)) {
    if (pull.state !== "open") continue;
    const runs = fake.state.checkRunsAt(REPO, pull.headSha).filter((run) => run.name === CHECK);
    const run = runs.at(-1);
    if (run === undefined) fake.addCheckRun(REPO, pull.headSha, { name: CHECK, status: "in_progress" });
    else if (run.status !== "completed") {
      const conclusion = isRed(pull.head, pull.headSha) ? "failure" : "success";
      fake.completeCheckRun(
        run.id,
        conclusion,
        conclusion === "failure" ? "app.txt: line 18 is wrong\n" : undefined,
      );
      ciRuns.push({ sha: pull.headSha, branch: pull.head, conclusion });
    }
  }
}

/** One agent's work: the task it is spawned with, and the lines of app.txt its commit changes. */
export interface AgentWork {
  task: string;
  changes: Record<number, string>;
}

/**
 * Sessions app-1, app-2… spawned one per work, their spawn turns over, each with its change
 * committed on its branch; approved on GitHub once the daemon pushed them and opened their pull
 * requests. The daemon `ao start` started goes on running.
 */
export async function approvedWork(train: GitHubTrain, works: readonly AgentWork[]): Promise<string[]> {
  await spawnSessions(
    train,
    works.map((work) => work.task),
  );
  const ids = works.map((_, index) => `app-${String(index + 1)}`);
  works.forEach((work, index) => agentCommits(train.e2e, ids[index] ?? "", work.changes));
  await approveOnGitHub(train, ids);
  return ids;
}

/** The pull request while it is in GitHub's merge queue of `main`. */
export function inMergeQueue(train: GitHubTrain, number: number): FakePull | undefined {
  return train.fake.mergeQueue(REPO, "main").find((pull) => pull.number === number);
}

/** The entry at the head of ao's queue once it is `merging` (on GitHub's merge queue: in that queue). */
export async function headMerging(train: GitHubTrain): Promise<QueueEntryJson> {
  return until(async () => {
    const first = (await train.queue()).queue[0];
    return first?.state === "merging" ? first : undefined;
  }, "ao's queue to follow GitHub's");
}

/** Sessions spawned one per task, their spawn turns over. */
async function spawnSessions(train: GitHubTrain, tasks: readonly string[]): Promise<void> {
  const started = await train.ao(["start"]);
  expect(started.exitCode, started.stderr).toBe(0);
  for (const task of tasks) {
    const spawned = await train.ao(["spawn", "app", task]);
    expect(spawned.exitCode, spawned.stderr).toBe(0);
  }
  await until(
    async () => ((await train.events("turn.ended")).length >= tasks.length ? true : undefined),
    "the spawn turns to end",
  );
}

/** Once the daemon pushed each branch and opened its pull request, a reviewer approves it on GitHub. */
async function approveOnGitHub(train: GitHubTrain, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const pull = await until(() => train.pullOf(id), `${id}'s pull request to open`, 120_000);
    train.fake.addReview(REPO, pull.number, { state: "APPROVED" });
  }
}

/** The requests ao sent to merge pull requests through the API, with the `sha` each named. */
export function mergeRequests(fake: FakeGitHub): { number: number; sha: string; status: number }[] {
  return fake.requests
    .filter((request) => request.method === "PUT" && /\/pulls\/\d+\/merge$/.test(request.path))
    .map((request) => ({
      number: Number(/\/pulls\/(\d+)\/merge$/.exec(request.path)?.[1]),
      sha: (JSON.parse(request.body) as { sha: string }).sha,
      status: request.status,
    }));
}

/** Polls `check` (sync or async) until it gives a value; a hang guard, not a timing. */
export async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
