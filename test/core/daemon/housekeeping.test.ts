import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { createDaemonLog } from "../../../src/core/daemon/daemon-log.js";
import { createHousekeeping } from "../../../src/core/daemon/housekeeping.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { closeStore, openStore, updateSession, writeTransaction } from "../../../src/core/store/index.js";
import { statusChanged } from "../../helpers/events.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeSessionFixture } from "../sessions/session-fixture.js";

const FAKE_BIN = new URL("../../fixtures/bin/", import.meta.url).pathname;

async function daemonParts(f: ReturnType<typeof makeSessionFixture>, ctx = f.ctx) {
  const config = await loadConfig(ctx, {});
  const store = openStore(ctx);
  const engine = { store, config, close: () => closeStore(store) };
  return { engine, housekeeping: createHousekeeping(ctx, engine, createDaemonLog(ctx), "linux") };
}

function setStatus(f: ReturnType<typeof makeSessionFixture>, id: string, status: "merged", since: number) {
  const store = openStore(f.ctx);
  writeTransaction(store, (tx) =>
    updateSession(
      tx,
      id,
      { status, reason: "pr_merged", statusSince: since },
      statusChanged("working", status, "pr_merged"),
    ),
  );
  closeStore(store);
}

describe("daemon housekeeping: lifecycle.autoCleanupOnMerge", () => {
  it("removes a merged session's worktree once the grace period has passed, keeping its branch", async () => {
    const f = makeSessionFixture();
    f.writeConfig("", "lifecycle:\n  autoCleanupOnMerge: true\n  mergeCleanupIdleGraceMs: 60000");
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.workspace.commit(spawned.worktree);
    const { engine, housekeeping } = await daemonParts(f);
    try {
      setStatus(f, spawned.id, "merged", Date.now() - 30_000);
      await housekeeping.afterCycle();
      expect(await f.workspace.exists(spawned.worktree)).toBe(true); // within the grace period
      setStatus(f, spawned.id, "merged", Date.now() - 61_000);
      await housekeeping.afterCycle();
      expect(await f.workspace.exists(spawned.worktree)).toBe(false);
      expect(f.runtime.processOf(spawned.id)?.state).toBe("gone");
      expect(f.events(spawned.id).map((event) => event.type)).toContain("session.workspace_removed");
      expect(f.session(spawned.id).branch).toBe(spawned.branch);
    } finally {
      engine.close();
    }
  });

  it("leaves merged sessions alone when the key is off (ao's default)", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.workspace.commit(spawned.worktree);
    const { engine, housekeeping } = await daemonParts(f);
    try {
      setStatus(f, spawned.id, "merged", Date.now() - 3_600_000);
      await housekeeping.afterCycle();
      expect(await f.workspace.exists(spawned.worktree)).toBe(true);
    } finally {
      engine.close();
    }
  });
});

describe("daemon housekeeping: power.preventIdleSleep", () => {
  it("holds systemd-inhibit while an agent works and releases it when none does, and on stop", async () => {
    const f = makeSessionFixture();
    f.writeConfig("", "power:\n  preventIdleSleep: true");
    const log = join(makeTempDir("ao-inhibit-"), "inhibit.log");
    const ctx = {
      ...f.ctx,
      env: { ...f.ctx.env, PATH: `${FAKE_BIN}:${f.ctx.env["PATH"] ?? ""}`, FAKE_INHIBIT_LOG: log },
    };
    const spawned = await spawnSession(ctx, { project: "app", issue: "Fix it" });
    const { engine, housekeeping } = await daemonParts(f, ctx);
    // The fake's `>>` creates the file before it writes the line: wait for a whole line, not the file.
    const written = () => (existsSync(log) ? readFileSync(log, "utf8") : "");
    const started = async () => {
      for (let attempt = 0; attempt < 1200 && !written().endsWith("\n"); attempt++) await sleep(25);
      return written().trim().split("\n");
    };
    try {
      await housekeeping.afterCycle();
      await housekeeping.afterCycle(); // held once, not once per cycle
      const lines = await started();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^start \d+ sleep infinity$/);
      const pid = Number(lines[0]?.split(" ")[1]);
      expect(() => process.kill(pid, 0)).not.toThrow();
      setStatus(f, spawned.id, "merged", Date.now());
      await housekeeping.afterCycle();
      expect(() => process.kill(pid, 0)).toThrow();
      expect(f.ctx.stderr.text()).toContain("power.preventIdleSleep: released (no agent working)");
    } finally {
      await housekeeping.stop();
      engine.close();
    }
  });

  it("says once in the daemon log that no inhibitor is on PATH, and goes on", async () => {
    const f = makeSessionFixture();
    f.writeConfig("", "power:\n  preventIdleSleep: true");
    const ctx = { ...f.ctx, env: { ...f.ctx.env, PATH: makeTempDir("ao-empty-bin-") } };
    await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const { engine, housekeeping } = await daemonParts(f, ctx);
    try {
      await housekeeping.afterCycle();
      await housekeeping.afterCycle();
      const said = f.ctx.stderr.text().split("power.preventIdleSleep: no systemd-inhibit on PATH").length - 1;
      expect(said).toBe(1);
    } finally {
      engine.close();
    }
  });
});
