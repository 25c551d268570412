import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { killRun, liveRuns } from "../../../src/core/demo/stop-ci-runs.js";
import { processStartTime } from "../../../src/plugins/_shared/process-identity.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A process in its own group that sleeps, like scm/local's runner and each CI command. */
function sleeper(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], {
    detached: true,
    stdio: "ignore",
  });
  children.push(child);
  if (child.pid === undefined) throw new Error("could not start a sleeper");
  return child.pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runDir(
  home: string,
  sha: string,
  owner: { pid: number; startTime: string },
  extra: Record<string, string> = {},
) {
  const dir = join(home, "projects", "demo", "ci", "feat~x", sha);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "run.json"), JSON.stringify({ owner }));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("stopping the sandbox's CI runs", () => {
  it("finds a run in flight and kills its command's group and its runner", async () => {
    const home = makeTempDir("ao-ci-home-");
    const runner = sleeper();
    const command = sleeper();
    const dir = runDir(
      home,
      "a1",
      { pid: runner, startTime: processStartTime(runner) },
      { "1.pid": String(command) },
    );
    const runs = liveRuns(home);
    expect(runs).toEqual([{ dir, runner: { pid: runner, startTime: processStartTime(runner) }, command }]);
    for (const run of runs) killRun(run);
    await eventually(() => !isAlive(runner) || undefined, "the runner to die");
    await eventually(() => !isAlive(command) || undefined, "the command to die");
  });

  it("leaves finished runs, and runs whose recorded process is another one now, alone", () => {
    const home = makeTempDir("ao-ci-home-");
    const finished = sleeper();
    runDir(home, "b1", { pid: finished, startTime: processStartTime(finished) }, { "result.json": "{}" });
    const reused = sleeper();
    runDir(home, "b2", { pid: reused, startTime: "1" });
    expect(liveRuns(home)).toEqual([]);
    expect(isAlive(finished) && isAlive(reused)).toBe(true);
  });
});
