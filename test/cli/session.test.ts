import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonToken, daemonFiles, writeDaemonInfo } from "../../src/core/daemon-state/daemon-files.js";
import { acquireDaemonLock } from "../../src/core/daemon-state/daemon-lock.js";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

describe("ao session", () => {
  it("ls hides ended sessions unless --all", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Task a"]);
    await f.ao(["spawn", "app", "Task b"]);
    expect((await f.ao(["session", "kill", "app-1"])).stdout).toBe(
      "app-1: killed; worktree kept; branch ao/task-a kept\n",
    );
    const active = await f.ao(["session", "ls", "--json"]);
    expect((JSON.parse(active.stdout) as { sessions: { id: string }[] }).sessions.map((s) => s.id)).toEqual([
      "app-2",
    ]);
    const all = await f.ao(["session", "ls", "--all"]);
    expect(all.stdout).toMatch(/^app-1 .* killed /m);
  });

  it("kill --purge refuses uncommitted work (exit 1) and removes it with --force", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Task a"]);
    const worktree = f.session("app-1").worktree;
    writeFileSync(join(worktree, "draft.txt"), "not committed");
    const refused = await f.ao(["session", "kill", "app-1", "--purge"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("hint: commit the work there");
    const purged = await f.ao(["session", "kill", "app-1", "--purge", "--force", "--json"]);
    expect(JSON.parse(purged.stdout)).toEqual({
      session: "app-1",
      status: "killed",
      workspace: "removed",
      branch: "ao/task-a",
    });
    expect(existsSync(worktree)).toBe(false);
  });

  it("restore needs an id or --all, and restores a vanished session", async () => {
    const f = makeCliFixture();
    expect((await f.ao(["session", "restore"])).exitCode).toBe(2);
    await f.ao(["spawn", "app", "Task a"]);
    f.runtime.vanish(f.runtime.processOf("app-1")!.handle);
    const result = await f.ao(["session", "restore", "app-1"]);
    expect(result).toMatchObject({ exitCode: 0, stdout: "app-1: restored (new conversation)\n" });
    const again = await f.ao(["session", "restore", "--all", "--json"]);
    expect(JSON.parse(again.stdout)).toEqual({
      results: [expect.objectContaining({ session: "app-1", ok: true, action: "already_running" })],
    });
  });

  it("cleanup says what it would do with --dry-run, then does it", async () => {
    const f = makeCliFixture();
    expect((await f.ao(["session", "cleanup"])).stdout).toBe("nothing to clean up\n");
    await f.ao(["spawn", "app", "Task a"]);
    f.workspace.commit(f.session("app-1").worktree);
    await f.ao(["session", "kill", "app-1"]);
    const planned = await f.ao(["session", "cleanup", "--dry-run"]);
    expect(planned.stdout).toMatch(/^app-1: would remove the worktree: .*app-1 \(branch ao\/task-a kept\)$/m);
    const done = await f.ao(["session", "cleanup", "--json"]);
    expect(JSON.parse(done.stdout)).toMatchObject({
      dryRun: false,
      actions: [{ session: "app-1", action: "removed_workspace", done: true }],
    });
  });

  it("attach refuses a session that is not running", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Task a"]);
    await f.ao(["session", "kill", "app-1"]);
    const result = await f.ao(["session", "attach", "app-1"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("error: cannot attach to app-1: it is killed");
  });
});

describe("ao session attach --web and ao open", () => {
  it("print the session's dashboard page, which needs the daemon running", async () => {
    const f = makeCliFixture({
      plugins: { terminal: { web: () => import("../../src/plugins/terminal/web.js") } },
    });
    f.writeConfig("terminal: { plugin: web, browser: false }");
    await f.ao(["spawn", "app", "Task a"]);
    const none = await f.ao(["session", "attach", "app-1", "--web"]);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain("the dashboard is not running");
    expect(none.stderr).toContain("hint: start it with `ao start`");
    expect((await f.ao(["session", "attach", "app-9", "--web"])).stderr).toContain("app-9");

    const files = daemonFiles(f.ctx.paths);
    const lock = acquireDaemonLock(files.lock)!;
    try {
      // A daemon started with --no-dashboard serves no page.
      await writeDaemonInfo(files, {
        pid: process.pid,
        port: 4321,
        startedAt: 0,
        version: "test",
        routeSets: [],
      });
      const token = await createDaemonToken(files);
      expect((await f.ao(["session", "attach", "app-1", "--web"])).stderr).toContain(
        "the dashboard is not running",
      );
      await writeDaemonInfo(files, {
        pid: process.pid,
        port: 4321,
        startedAt: 0,
        version: "test",
        routeSets: ["core", "dashboard"],
      });
      const url = `http://127.0.0.1:4321/#/s/app-1?token=${token}`;
      const page = await f.ao(["session", "attach", "app-1", "--web", "--json"]);
      expect(JSON.parse(page.stdout)).toEqual({ session: "app-1", url });
      expect((await f.ao(["session", "attach", "app-1", "--web"])).stdout).toBe(`${url}\n`);
      const opened = await f.ao(["open", "app-1", "--json"]);
      expect(JSON.parse(opened.stdout)).toEqual({ session: "app-1", url });
    } finally {
      lock.release();
    }
  });
});
