import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { processStartTime } from "../../../src/core/process-identity.js";
import { plugin as localScm } from "../../../src/plugins/scm/local.js";
import { killRun, liveRuns } from "../../../src/plugins/scm/local/stop-ci-runs.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

const children: ChildProcess[] = [];
const commands: number[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const pid of commands.splice(0)) if (isAlive(pid)) process.kill(pid, "SIGKILL");
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

/** A runner like scm/local's: detached, with one detached command of its own (its pid on stdout). */
async function runnerWithCommand(): Promise<{ runner: number; command: number }> {
  const script =
    'const c = require("node:child_process").spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], ' +
    '{ detached: true, stdio: "ignore" }); console.log(c.pid); setTimeout(() => {}, 60000);';
  const child = spawn(process.execPath, ["-e", script], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  children.push(child);
  const line = await new Promise<string>((resolve) =>
    child.stdout.once("data", (data: Buffer) => resolve(String(data))),
  );
  const command = Number(line.trim());
  commands.push(command);
  if (child.pid === undefined) throw new Error("could not start a runner");
  return { runner: child.pid, command };
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

describe("scm/local stopping its CI runs in flight", () => {
  it("finds a run in flight and kills its command's group and its runner", async () => {
    const home = makeTempDir("ao-ci-home-");
    const { runner, command } = await runnerWithCommand();
    const dir = runDir(
      home,
      "a1",
      { pid: runner, startTime: processStartTime(runner) },
      { "1.pid": String(command) },
    );
    const runs = liveRuns(join(home, "projects"));
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
    expect(liveRuns(join(home, "projects"))).toEqual([]);
    expect(isAlive(finished) && isAlive(reused)).toBe(true);
  });

  it("signals no forged command pid: not 1, not ao itself, not a process the runner did not start", async () => {
    const home = makeTempDir("ao-ci-home-");
    // Recorded, never forwarded: a regression must not get to kill(-1) and take the machine down.
    const signalled: number[] = [];
    const realKill = process.kill.bind(process);
    vi.spyOn(process, "kill").mockImplementation((pid: number, signal?: string | number) => {
      signalled.push(pid);
      return Math.abs(pid) <= 1 ? true : realKill(pid, signal);
    });
    const stranger = sleeper();
    for (const forged of ["1", String(process.pid), String(stranger)]) {
      const runner = sleeper();
      const startTime = processStartTime(runner);
      runDir(home, `c${forged}`, { pid: runner, startTime }, { "1.pid": forged });
      const run = liveRuns(join(home, "projects")).find((found) => found.runner.pid === runner)!;
      killRun(run);
      await eventually(() => !isAlive(runner) || undefined, "the runner to die");
    }
    expect(signalled).not.toContain(-1);
    expect(signalled).not.toContain(-process.pid);
    expect(signalled).not.toContain(-stranger);
    expect(isAlive(stranger)).toBe(true);
  });

  it("signals nothing when the recorded runner is pid 1 or ao itself", () => {
    const home = makeTempDir("ao-ci-home-");
    const signalled: number[] = [];
    vi.spyOn(process, "kill").mockImplementation((pid: number) => {
      signalled.push(pid);
      return true;
    });
    for (const pid of [1, process.pid]) killRun({ dir: home, runner: { pid, startTime: "" } });
    expect(signalled.filter((pid) => pid < 0)).toEqual([]);
  });
});

describe("scm/local: its cleanup capability", () => {
  it("stops the runs in flight under the AO_HOME it is given, and leaves another AO_HOME's alone", async () => {
    const mine = makeTempDir("ao-ci-home-");
    const other = makeTempDir("ao-ci-home-");
    const { runner, command } = await runnerWithCommand();
    runDir(mine, "d1", { pid: runner, startTime: processStartTime(runner) }, { "1.pid": String(command) });
    const stranger = sleeper();
    runDir(other, "d2", { pid: stranger, startTime: processStartTime(stranger) });
    // A clock past the grace period at its second look: the runs are killed without waiting 5 s.
    let reads = 0;
    const clock = { now: () => (reads++ === 0 ? 0 : 60_000) };
    const ctx = { ...makeTestContext({ home: mine }), clock };
    expect(await localScm.cleanup!(ctx)).toEqual([]);
    await eventually(() => !isAlive(runner) || undefined, "the runner to die");
    await eventually(() => !isAlive(command) || undefined, "the command to die");
    expect(isAlive(stranger)).toBe(true);
  });
});
