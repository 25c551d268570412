import { existsSync, rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { killSession } from "../../../src/core/sessions/kill-session.js";
import { restoreAllSessions } from "../../../src/core/sessions/restore-all.js";
import { restoreSession } from "../../../src/core/sessions/restore-session.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { FakeAgent } from "../../fakes/agent.js";
import { makeSessionFixture } from "./session-fixture.js";

describe("restoreSession", () => {
  it("restarts a vanished agent in the same checkout and resumes its own conversation", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });
    FakeAgent.writeSessionId(spawned.worktree, "conv-42");
    const first = f.runtime.processOf(spawned.id);
    if (!first) throw new Error("no process");
    f.runtime.vanish(first.handle);

    const result = await restoreSession(f.ctx, spawned.id);
    expect(result).toMatchObject({ action: "restored", resumed: true, workspaceRecreated: false });
    const second = f.runtime.processOf(spawned.id);
    expect(second?.handle.id).not.toBe(first.handle.id);
    expect(second?.input.cwd).toBe(spawned.worktree);
    expect(second?.input.argv).toEqual(expect.arrayContaining(["--resume", "conv-42"]));
    expect(f.session(spawned.id)).toMatchObject({
      status: "working",
      reason: "restored",
      agentSessionId: "conv-42",
    });
    expect(f.session(spawned.id).runtimeHandle).toMatchObject({ id: second?.handle.id });
    expect(f.events(spawned.id).at(-1)).toMatchObject({
      type: "session.restored",
      payload: { resumed: true, agentSessionId: "conv-42" },
    });
  });

  it("recreates a removed checkout from the session's branch", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });
    f.runtime.exit(f.runtime.processOf(spawned.id)!.handle, 1);
    rmSync(spawned.worktree, { recursive: true, force: true });
    const result = await restoreSession(f.ctx, spawned.id);
    expect(result).toMatchObject({ workspaceRecreated: true, resumed: false });
    expect(result.note).toContain("no conversation id");
    expect(existsSync(spawned.worktree)).toBe(true);
    expect(f.workspace.specs.at(-1)).toMatchObject({ sessionId: spawned.id, branch: spawned.branch });
    expect(f.runtime.processOf(spawned.id)?.input.argv).not.toContain("--resume");
  });

  it("does not say restored when the agent dies again right away (issue 18)", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });
    f.runtime.exit(f.runtime.processOf(spawned.id)!.handle, 1);
    const create = f.runtime.create.bind(f.runtime);
    f.runtime.create = async (input) => {
      const handle = await create(input);
      setTimeout(() => {
        f.runtime.print(handle, "Failed to connect to api.anthropic.com: ENOTFOUND");
        f.runtime.exit(handle, 1);
      }, 500);
      return handle;
    };
    Object.assign(f.ctx.env, { AO_SPAWN_WATCH_MS: "2500" });
    const error: unknown = await restoreSession(f.ctx, spawned.id).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_SPAWN_FAILED", message: "fake exited at once with code 1" });
    expect((error as { hint: string }).hint).toContain("ENOTFOUND");
    expect(f.events(spawned.id).some((event) => event.type === "session.restored")).toBe(false);
    expect(f.session(spawned.id)).toMatchObject({
      status: "exited",
      reason: "restore_failed",
      exit: { exitCode: 1, lastLines: ["Failed to connect to api.anthropic.com: ENOTFOUND"] },
    });
  });

  it("leaves a session killed while it was being restored killed, and stops the agent it started", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });
    f.runtime.vanish(f.runtime.processOf(spawned.id)!.handle);
    const create = f.runtime.create.bind(f.runtime);
    f.runtime.create = async (input) => {
      const handle = await create(input);
      await killSession(f.ctx, spawned.id); // a person's kill lands while the agent starts again
      return handle;
    };
    const error: unknown = await restoreSession(f.ctx, spawned.id).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "E_SESSION_STATE",
      message: `${spawned.id} was killed while it was being restored`,
    });
    expect(f.session(spawned.id).status).toBe("killed");
    expect(f.events(spawned.id).some((event) => event.type === "session.restored")).toBe(false);
    expect(f.runtime.processOf(spawned.id)?.state).toBe("gone");
  });

  it("does nothing to a session that is running", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    expect((await restoreSession(f.ctx, spawned.id)).action).toBe("already_running");
    expect(f.runtime.processes.size).toBe(1);
  });

  it("refuses when liveness cannot be told, and when the work is finished", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.runtime.overrideProbe(f.runtime.processOf(spawned.id)!.handle, {
      state: "unknown",
      reason: "tmux busy",
    });
    await expect(restoreSession(f.ctx, spawned.id)).rejects.toMatchObject({ code: "E_SESSION_STATE" });
    await expect(restoreSession(f.ctx, "app-9")).rejects.toMatchObject({ code: "E_NOT_FOUND" });
  });

  it("brings a killed session back", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    await killSession(f.ctx, spawned.id);
    expect((await restoreSession(f.ctx, spawned.id)).session.status).toBe("working");
    expect(f.runtime.processOf(spawned.id)?.state).toBe("alive");
  });

  it("--all restores what should run and leaves killed sessions and live ones alone", async () => {
    const f = makeSessionFixture();
    const a = await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    const b = await spawnSession(f.ctx, { project: "app", issue: "Task b" });
    const c = await spawnSession(f.ctx, { project: "app", issue: "Task c" });
    await killSession(f.ctx, c.id);
    f.runtime.vanish(f.runtime.processOf(a.id)!.handle);
    const outcomes = await restoreAllSessions(f.ctx);
    expect(outcomes.map((o) => [o.session, o.result?.action])).toEqual([
      [a.id, "restored"],
      [b.id, "already_running"],
    ]);
  });
});
