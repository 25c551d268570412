import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { checkInterruptedSpawns } from "../../../src/core/doctor/check-interrupted-spawns.js";
import { closeStore, insertSession, openStore, writeTransaction } from "../../../src/core/store/index.js";
import type { SessionStatus } from "../../../src/core/store/index.js";
import { sessionCreated } from "../../helpers/events.js";
import { makeTestContext } from "../../helpers/test-context.js";

type Row = {
  id: string;
  status: SessionStatus;
  spawnStep: string | null;
  spawner?: { pid: number; host: string };
};

function contextWith(rows: readonly Row[]) {
  const ctx = makeTestContext();
  const store = openStore(ctx);
  try {
    for (const row of rows) {
      const { id, status, spawnStep, spawner } = row;
      const session = {
        id,
        project: "app",
        branch: `ao/${id}`,
        worktree: `/w/${id}`,
        runtime: "fake",
        agent: "fake",
      };
      writeTransaction(store, (tx) =>
        insertSession(tx, { ...session, status, spawnStep }, sessionCreated(spawner ? { spawner } : {})),
      );
    }
  } finally {
    closeStore(store);
  }
  return ctx;
}

describe("doctor: interrupted spawns", () => {
  it("is ok before the state database exists, and creates none", () => {
    const ctx = makeTestContext();
    expect(checkInterruptedSpawns(ctx)).toMatchObject({ status: "ok" });
  });

  it("warns about a spawn whose spawner is gone, naming the step, with restore and cleanup as the fix", () => {
    const ctx = contextWith([
      { id: "app-1", status: "spawning", spawnStep: "workspace" },
      { id: "app-2", status: "working", spawnStep: "done" },
      // Still being spawned by a live process (this one): not interrupted.
      {
        id: "app-3",
        status: "spawning",
        spawnStep: "prompt",
        spawner: { pid: process.pid, host: hostname() },
      },
    ]);
    const check = checkInterruptedSpawns(ctx);
    expect(check).toMatchObject({ id: "interrupted-spawns", status: "warn" });
    expect(check.detail).toBe("1 spawn(s) stopped part-way: app-1 (after step workspace)");
    expect(check.fix).toContain("ao session restore app-1");
    expect(check.fix).toContain("ao session cleanup");
  });

  it("is ok when every spawn finished or is still running", () => {
    const ctx = contextWith([
      { id: "app-2", status: "working", spawnStep: "done" },
      {
        id: "app-3",
        status: "spawning",
        spawnStep: "prompt",
        spawner: { pid: process.pid, host: hostname() },
      },
    ]);
    expect(checkInterruptedSpawns(ctx)).toMatchObject({ status: "ok", detail: "no spawn stopped part-way" });
  });
});
