import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";
import type { EventJson } from "./event-shapes.js";

export const LINES = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);

/**
 * The project's CI: app.txt has its 20 lines and no conflict markers, and a line that says it
 * "needs line N as it was" finds line N unchanged (a change that breaks only combined with another:
 * green alone, red stacked onto it). Run by local CI, no shell.
 */
const CHECK = `import { readFileSync } from "node:fs";
const text = readFileSync("app.txt", "utf8");
const lines = text.trimEnd().split("\\n");
if (lines.length !== 20 || /^(<<<<<<<|=======|>>>>>>>)/m.test(text)) { console.error("bad app.txt"); process.exit(1); }
for (const [, n] of text.matchAll(/needs line (\\d+) as it was/g))
  if (lines[Number(n) - 1] !== \`line \${n}\`) { console.error(\`line \${n} changed\`); process.exit(1); }
const wait = Number(process.env.TRAIN_CI_MS ?? "0");
if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
console.log("app.txt ok");
`;

export interface TrainWorld {
  e2e: E2e;
  turnsFile: string;
  events(type?: string): EventJson[];
  queue(): QueueJson;
}

export interface QueueEntryJson {
  entry: number;
  session: string;
  state: string;
  reason: string | null;
  attempt: number;
  tested: string | null;
  files?: string[];
}

export interface QueueJson {
  queue: QueueEntryJson[];
  ended: QueueEntryJson[];
}

/**
 * One project `app` in local mode (scm/local with `node check.mjs` as CI), a 1 s daemon, app.txt;
 * `batch` is its mergeQueue.batch.
 */
export function makeTrainWorld(update: "rebase" | "merge" = "rebase", batch = 1): TrainWorld {
  const e2e = makeE2e();
  const turnsFile = join(e2e.userHome, "turns.json");
  writeFileSync(turnsFile, "{}");
  e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
  e2e.writeConfig(
    `scm:\n  plugin: local\n  ci:\n    - node check.mjs\nmergeQueue:\n  update: ${update}\n  batch: ${batch}`,
    "port: 0\ndaemon:\n  pollInterval: 1s",
  );
  writeFileSync(join(e2e.repo.dir, "app.txt"), `${LINES.join("\n")}\n`);
  writeFileSync(join(e2e.repo.dir, "check.mjs"), CHECK);
  runGit(e2e.repo.dir, ["add", "app.txt", "check.mjs"]);
  runGit(e2e.repo.dir, ["commit", "-q", "-m", "app.txt and its check"]);
  runGit(e2e.repo.dir, ["push", "-q", "origin", "main"]);
  const events = (type?: string) => {
    const run = e2e.ao(["events", "--json", "--limit", "100000"]);
    expect(run.exitCode, run.stderr).toBe(0);
    const all = (JSON.parse(run.stdout) as { events: EventJson[] }).events;
    return type === undefined ? all : all.filter((event) => event.type === type);
  };
  const queue = () => {
    const run = e2e.ao(["queue", "app", "--json"]);
    expect(run.exitCode, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as QueueJson;
  };
  return { e2e, turnsFile, events, queue };
}

/** What an agent's work leaves: app.txt with some lines changed, committed on the session's branch. */
export function agentCommits(e2e: E2e, id: string, changes: Record<number, string>): void {
  const worktree = e2e.worktree(id);
  const lines = LINES.map((line, index) => changes[index + 1] ?? line);
  writeFileSync(join(worktree, "app.txt"), `${lines.join("\n")}\n`);
  runGit(worktree, ["add", "app.txt"]);
  runGit(worktree, ["commit", "-q", "-m", `${id}: app.txt`]);
}

/** Three sessions, their spawn turns over: app-1 and app-2 will change line 5, app-3 line 18. */
export async function spawnThree(world: TrainWorld): Promise<void> {
  const { e2e } = world;
  expect(e2e.ao(["start"]).exitCode).toBe(0);
  for (const task of ["Change line five", "Change lines five and six", "Change line eighteen"]) {
    const spawned = e2e.ao(["spawn", "app", task]);
    expect(spawned.exitCode, spawned.stderr).toBe(0);
  }
  await eventually(
    () => (world.events("turn.ended").length >= 3 ? true : undefined),
    "the three spawn turns to end",
  );
}

/** The three approved once the daemon opened their pull requests. */
export async function approveAll(world: TrainWorld, ids: readonly string[]): Promise<void> {
  for (const id of ids)
    await eventually(
      () => (world.e2e.ao(["review", id, "--approve"]).exitCode === 0 ? true : undefined),
      `${id}'s pull request to open and be approved`,
    );
}

/** Every run local CI started (`ci/<branch>/<sha>/`), with its result once it has one. */
export function ciRuns(e2e: E2e): { sha: string; state: string | undefined }[] {
  const root = join(e2e.home, "projects", "app", "ci");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((branch) =>
    readdirSync(join(root, branch)).map((sha) => {
      const result = join(root, branch, sha, "result.json");
      const state = existsSync(result)
        ? (JSON.parse(readFileSync(result, "utf8")) as { state: string }).state
        : undefined;
      return { sha, state };
    }),
  );
}

/** Whether local CI recorded a passing run of exactly `sha` on `branch`. */
export function ciPassed(e2e: E2e, branch: string, sha: string): boolean {
  const result = join(e2e.home, "projects", "app", "ci", branch.replaceAll("/", "~"), sha, "result.json");
  if (!existsSync(result)) return false;
  return (JSON.parse(readFileSync(result, "utf8")) as { state: string }).state === "passing";
}
