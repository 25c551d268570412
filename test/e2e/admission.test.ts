import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";
import { startAo } from "./turns-fixture.js";

const GiB = 1024 ** 3;
const ADMISSION = "admission:\n  minFreeMemory: 2GiB\n  perAgentMemory:\n    claude-code: 1GiB\n";

interface Waiting {
  project: string;
  agent: string;
  task: string;
  code: string;
  reason: string;
}

/** A world whose ao processes read free memory from a file the test rewrites (AO_MACHINE_FILE). */
function admissionWorld(): E2e & { setFreeMemory(bytes: number): void } {
  const world = makeE2e();
  const machineFile = join(world.userHome, "machine.json");
  const setFreeMemory = (bytes: number) => writeFileSync(machineFile, JSON.stringify({ freeMemory: bytes }));
  setFreeMemory(1 * GiB);
  world.env["AO_MACHINE_FILE"] = machineFile;
  world.writeConfig("", ADMISSION);
  return Object.assign(world, { setFreeMemory });
}

function waiting(world: E2e): Waiting[] {
  const status = world.ao(["status", "--json"]);
  expect(status.exitCode, status.stderr).toBe(0);
  return (JSON.parse(status.stdout) as { waiting: Waiting[] }).waiting;
}

const running: { pid: number }[] = [];
afterEach(() => {
  for (const child of running.splice(0)) {
    try {
      process.kill(child.pid, "SIGTERM");
    } catch {
      // already ended
    }
  }
});

describe("admission by free memory", () => {
  it("refuses a spawn the machine cannot carry, with what it needs and what is free", () => {
    const world = admissionWorld();
    const refused = world.ao(["spawn", "app", "Too big for now"]);
    expect(refused.exitCode).not.toBe(0);
    // 2 GiB floor + 1 GiB for the new claude-code.
    expect(refused.stderr).toContain("waiting for 3.0 GiB free; 1.0 GiB now");
    expect(refused.stderr).toContain("--queue");
    expect(world.sessions()).toEqual([]);
  });

  it(
    "queued spawns wait in order with their reason, in ao status, and start in order as memory frees",
    { timeout: 180_000 },
    async () => {
      const world = admissionWorld();
      const second = startAo(world, ["spawn", "--queue", "app", "Second task"]);
      running.push(second);
      await eventually(() => (waiting(world).length === 1 ? true : undefined), "the first in line");
      const third = startAo(world, ["spawn", "--queue", "app", "Third task"]);
      running.push(third);
      const line = await eventually(() => {
        const now = waiting(world);
        return now.length === 2 ? now : undefined;
      }, "two in line");
      expect(line.map((wait) => wait.task)).toEqual(["Second task", "Third task"]);
      expect(line[0]?.reason).toContain("waiting for 3.0 GiB free; 1.0 GiB now");
      const table = world.ao(["status"]);
      expect(table.stdout).toContain("2 spawns wait to start, in this order:");
      expect(table.stdout).toMatch(/1\. app \(claude-code\) "Second task": .*waiting for 3\.0 GiB free/);
      const queue = world.ao(["queue", "--json"]);
      expect(queue.exitCode, queue.stderr).toBe(0);
      const spawns = (JSON.parse(queue.stdout) as { spawns: Waiting[] }).spawns;
      expect(spawns.map((wait) => wait.task)).toEqual(["Second task", "Third task"]);
      expect(world.ao(["queue"]).stdout).toContain("2 spawns wait to start, in this order:");

      // Room for one: the second starts, the third needs the floor, its share and the starting second's.
      world.setFreeMemory(3.5 * GiB);
      expect((await second.done).exitCode).toBe(0);
      const stillWaiting = await eventually(() => {
        const now = waiting(world);
        return now.length === 1 && now[0]?.reason.includes("3.5 GiB now") ? now : undefined;
      }, "the third to wait for more");
      expect(stillWaiting[0]?.reason).toContain("waiting for 4.0 GiB free; 3.5 GiB now");
      world.setFreeMemory(8 * GiB);
      expect((await third.done).exitCode).toBe(0);
      expect(waiting(world)).toEqual([]);
      const sessions = world.sessions();
      expect(sessions.map((session) => session.id)).toEqual(["app-1", "app-2"]);
      expect(sessions.map((session) => session.branch)).toEqual([
        expect.stringContaining("second-task"),
        expect.stringContaining("third-task"),
      ]);
    },
  );

  it("ao status shows what each live agent's process tree takes (mem)", async () => {
    const world = makeE2e();
    expect(world.ao(["spawn", "app", "Measure me"]).exitCode).toBe(0);
    const memory = await eventually(() => {
      const status = world.ao(["status", "--json"]);
      const [view] = (JSON.parse(status.stdout) as { sessions: { memoryBytes: number | null }[] }).sessions;
      return view?.memoryBytes ?? undefined;
    }, "a measurement");
    expect(memory).toBeGreaterThan(1024 * 1024);
    const table = world.ao(["status"]).stdout.split("\n");
    const header = table[0] ?? "";
    const row = table[1] ?? "";
    expect(header).toMatch(/\bMEM\b/);
    expect(row.slice(header.indexOf("MEM")).trim()).toMatch(/^\d+(\.\d)? (KiB|MiB|GiB)\b/);
  });
});
