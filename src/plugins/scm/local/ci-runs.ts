import { existsSync } from "node:fs";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  checkProcess,
  type CiRun,
  type CiRunCheck,
  messageOf,
  processRef,
  type ProcessRef,
} from "../../../core/plugin-api.js";
import { createFileExclusive, readJsonFile, writeJsonAtomic } from "../../_shared/local-files.js";
import { spawnCiRunner } from "./ci-runner.js";
import { branchKey } from "./state-paths.js";

/**
 * CI runs on disk, one directory per branch and head commit: `ci/<branch>/<sha>/`. `run.json` is
 * created exclusively, so two observers never start the same run twice; `result.json` appears when
 * the run is over. `run.json` names the process responsible for writing the result (first the ao
 * process starting the run, then the runner), so a run whose process is gone without a result is
 * known to have crashed instead of staying pending forever.
 */
export interface CiCommand {
  /** As written in the configuration; also the check's name. */
  name: string;
  argv: string[];
}

interface RunFile {
  branch: string;
  sha: string;
  cwd: string;
  startedAt: string;
  timeoutMs: number;
  commands: CiCommand[];
  owner: ProcessRef;
}

interface ResultFile {
  state: "passing" | "failing";
  finishedAt: string;
  checks: (CiRunCheck & { signal?: string | null })[];
  reason?: string;
}

export interface StartRunInput {
  ciDir: string;
  branch: string;
  sha: string;
  /** The checkout the commands run in. */
  cwd: string;
  commands: CiCommand[];
  timeoutMs: number;
  env: Readonly<Record<string, string>>;
  now: Date;
}

export function runDir(ciDir: string, branch: string, sha: string): string {
  return join(ciDir, branchKey(branch), sha);
}

/** Starts the run for this head unless one exists; false when it already did. */
export async function startRun(input: StartRunInput): Promise<boolean> {
  const dir = runDir(input.ciDir, input.branch, input.sha);
  await mkdir(dir, { recursive: true });
  const run: RunFile = {
    branch: input.branch,
    sha: input.sha,
    cwd: input.cwd,
    startedAt: input.now.toISOString(),
    timeoutMs: input.timeoutMs,
    commands: input.commands,
    owner: processRef(process.pid),
  };
  if (!(await createFileExclusive(join(dir, "run.json"), JSON.stringify(run, null, 2)))) return false;
  try {
    const pid = spawnCiRunner(dir, input.cwd, input.env);
    await writeJsonAtomic(join(dir, "run.json"), { ...run, owner: processRef(pid) });
  } catch (error) {
    const reason = `the CI run could not start: ${messageOf(error)}`;
    await recordResult(dir, { state: "failing", finishedAt: input.now.toISOString(), checks: [], reason });
  }
  return true;
}

/** The run for this head, or undefined when none was started. */
export async function readRun(ciDir: string, branch: string, sha: string): Promise<CiRun | undefined> {
  const dir = runDir(ciDir, branch, sha);
  const run = await readJsonFile<RunFile>(join(dir, "run.json"));
  if (run === undefined) return undefined;
  let result = await readJsonFile<ResultFile>(join(dir, "result.json"));
  if (result === undefined && !isRunning(run.owner)) {
    // The process may have written its result and exited between the two reads.
    result = (await readJsonFile<ResultFile>(join(dir, "result.json"))) ?? (await recordCrash(dir, run));
  }
  return toCiRun(run, result);
}

/** `unknown` (e.g. no permission to signal it) counts as running: a live run is never declared crashed. */
function isRunning(owner: ProcessRef): boolean {
  const identity = checkProcess(owner.pid, owner.startTime);
  return identity.kind === "same" || identity.kind === "unknown";
}

/** Every run of a branch, newest first. */
export async function listRuns(ciDir: string, branch: string): Promise<CiRun[]> {
  const shas = await readdir(join(ciDir, branchKey(branch))).catch(() => []);
  const runs = await Promise.all(shas.map((sha) => readRun(ciDir, branch, sha)));
  return runs
    .filter((run): run is CiRun => run !== undefined)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** The output of every command of the run, in order (each log starts with `$ <command>`). */
export async function runLog(ciDir: string, branch: string, sha: string): Promise<string> {
  const dir = runDir(ciDir, branch, sha);
  const logs = (await readdir(dir).catch(() => []))
    .map((name) => /^(\d+)\.log$/.exec(name)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const texts = await Promise.all(logs.map((n) => readFile(join(dir, `${String(n)}.log`), "utf8")));
  return texts.join("");
}

function toCiRun(run: RunFile, result: ResultFile | undefined): CiRun {
  const checks: CiRunCheck[] =
    result?.checks.map(({ signal: _signal, ...check }) => check) ??
    run.commands.map((command) => ({ name: command.name, state: "pending" as const }));
  return {
    branch: run.branch,
    sha: run.sha,
    state: result?.state ?? "pending",
    startedAt: run.startedAt,
    ...(result === undefined ? {} : { finishedAt: result.finishedAt }),
    checks,
    ...(result?.reason === undefined ? {} : { reason: result.reason }),
  };
}

/**
 * The result of a run whose process vanished: the commands that left a log ran (the last of them
 * was running when it stopped), the others never did. Written once, so later reads agree.
 */
async function recordCrash(dir: string, run: RunFile): Promise<ResultFile> {
  const started = run.commands.filter((_command, index) => existsSync(join(dir, `${String(index + 1)}.log`)));
  const checks: CiRunCheck[] = run.commands.map((command, index) => ({
    name: command.name,
    state: index < started.length - 1 ? "passing" : index === started.length - 1 ? "failing" : "skipped",
    ...(index < started.length ? { log: join(dir, `${String(index + 1)}.log`) } : {}),
  }));
  const reason = `the CI run stopped before it finished: its process ${String(run.owner.pid)} is gone (killed, or the machine restarted)`;
  const result: ResultFile = { state: "failing", finishedAt: new Date().toISOString(), checks, reason };
  await recordResult(dir, result);
  return (await readJsonFile<ResultFile>(join(dir, "result.json"))) ?? result;
}

/** Writes result.json unless a result is already there (the runner's own wins a race). */
async function recordResult(dir: string, result: ResultFile): Promise<void> {
  await createFileExclusive(join(dir, "result.json"), `${JSON.stringify(result, null, 2)}\n`);
}
