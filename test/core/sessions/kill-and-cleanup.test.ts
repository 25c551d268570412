import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupSessions } from "../../../src/core/sessions/cleanup-sessions.js";
import { killSession } from "../../../src/core/sessions/kill-session.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { makeSessionFixture } from "./session-fixture.js";
import { statusChanged } from "../../helpers/events.js";

describe("killSession", () => {
  it("stops the agent, marks the session killed and keeps the checkout", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const result = await killSession(f.ctx, spawned.id);
    expect(result).toMatchObject({
      workspace: "kept",
      branch: spawned.branch,
      session: { status: "killed" },
    });
    expect(f.runtime.processOf(spawned.id)?.state).toBe("gone");
    expect(existsSync(spawned.worktree)).toBe(true);
    expect(f.session(spawned.id).endedAt).not.toBeNull();
  });

  it("records the session killed before it stops the agent, and says so when the agent does not stop", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const statusAtStop: string[] = [];
    const stop = f.runtime.stop.bind(f.runtime);
    let refuse = true;
    f.runtime.stop = (handle) => {
      statusAtStop.push(f.session(spawned.id).status);
      return refuse ? Promise.reject(new Error("tmux timed out")) : stop(handle);
    };
    const failed: unknown = await killSession(f.ctx, spawned.id).catch((e: unknown) => e);
    expect((failed as Error).message).toMatch(
      new RegExp(`^${spawned.id} is recorded killed, but its agent could not be stopped: .*tmux timed out$`),
    );
    expect(failed).toMatchObject({ hint: `run \`ao session kill ${spawned.id}\` again to stop it` });
    expect(f.session(spawned.id).status).toBe("killed");
    expect(f.runtime.processOf(spawned.id)?.state).toBe("alive");
    refuse = false;
    await killSession(f.ctx, spawned.id);
    expect(statusAtStop).toEqual(["killed", "killed"]);
    expect(f.runtime.processOf(spawned.id)?.state).toBe("gone");
    expect(f.events(spawned.id).filter((event) => event.type === "session.killed")).toHaveLength(1);
  });

  it("--purge removes a clean checkout, refuses uncommitted work unless forced, and always keeps the branch", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.workspace.commit(spawned.worktree);
    writeFileSync(join(spawned.worktree, "work.txt"), "unsaved");
    const refused = await killSession(f.ctx, spawned.id, { purge: true }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "E_WORKSPACE_DIRTY" });
    expect((refused as Error).message).toContain("was killed, but its checkout was kept");
    expect(f.session(spawned.id).status).toBe("killed");
    expect(existsSync(spawned.worktree)).toBe(true);

    const result = await killSession(f.ctx, spawned.id, { purge: true, force: true });
    expect(result.workspace).toBe("removed");
    expect(existsSync(spawned.worktree)).toBe(false);
    expect(f.workspace.hasBranch("app", spawned.branch)).toBe(true);
    expect(f.events(spawned.id).at(-1)).toMatchObject({
      type: "session.workspace_removed",
      payload: { forced: true },
    });
  });
});

describe("cleanupSessions", () => {
  it("removes clean checkouts of killed sessions, keeps dirty ones, and leaves running ones alone", async () => {
    const f = makeSessionFixture();
    const clean = await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    const dirty = await spawnSession(f.ctx, { project: "app", issue: "Task b" });
    const running = await spawnSession(f.ctx, { project: "app", issue: "Task c" });
    // The fake workspace does not read git's info/exclude, so the agent's hook files count as work
    // until committed; a real worktree ignores them.
    for (const session of [clean, dirty]) f.workspace.commit(session.worktree);
    await killSession(f.ctx, clean.id);
    await killSession(f.ctx, dirty.id);
    writeFileSync(join(dirty.worktree, "notes.txt"), "mine");

    const planned = await cleanupSessions(f.ctx, { dryRun: true });
    expect(planned.map((a) => [a.session, a.action, a.done])).toEqual([
      [clean.id, "removed_workspace", false],
      [dirty.id, "removed_workspace", false],
    ]);
    expect(existsSync(clean.worktree)).toBe(true);

    const actions = await cleanupSessions(f.ctx);
    expect(actions.map((a) => [a.session, a.action, a.done])).toEqual([
      [clean.id, "removed_workspace", true],
      [dirty.id, "kept_workspace", false],
    ]);
    expect(existsSync(clean.worktree)).toBe(false);
    expect(existsSync(dirty.worktree)).toBe(true);
    expect(existsSync(running.worktree)).toBe(true);
    expect(await cleanupSessions(f.ctx)).toEqual([
      expect.objectContaining({ session: dirty.id, action: "kept_workspace" }),
    ]);
  });

  it("stops the agent of a session that ended while it still runs", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.workspace.commit(spawned.worktree);
    const { updateSession, writeTransaction, openStore, closeStore } =
      await import("../../../src/core/store/index.js");
    const store = openStore(f.ctx);
    writeTransaction(store, (tx) =>
      updateSession(
        tx,
        spawned.id,
        { status: "merged", reason: "pr_merged" },
        statusChanged("working", "merged", "pr_merged"),
      ),
    );
    closeStore(store);
    const actions = await cleanupSessions(f.ctx);
    expect(actions.map((a) => a.action)).toEqual(["stopped_runtime", "removed_workspace"]);
    expect(f.runtime.processOf(spawned.id)?.state).toBe("gone");
  });
});
