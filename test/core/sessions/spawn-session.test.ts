import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import type {
  RuntimeCreateInput,
  RuntimeHandle,
  WorkspaceInfo,
  WorkspaceSpec,
} from "../../../src/core/slots/index.js";
import { FAKE_AGENT_BYPASS_FLAG } from "../../fakes/agent.js";
import { FakeRuntime } from "../../fakes/runtime.js";
import { FakeWorkspace } from "../../fakes/workspace.js";
import { makeSessionFixture } from "./session-fixture.js";

describe("spawnSession", () => {
  it("makes one working session from free text, recording every step with an event", async () => {
    const f = makeSessionFixture();
    f.writeConfig("agentRules: Run the linter before pushing.");
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });

    expect(session).toMatchObject({
      id: "app-1",
      status: "working",
      spawnStep: "done",
      issue: null,
      branch: "ao/fix-the-login-bug",
    });
    expect(f.workspace.branchOf(session.worktree)).toBe("ao/fix-the-login-bug");
    expect(session.worktree).toBe(join(f.ctx.paths.projects, "app", "worktrees", "app-1"));
    const events = f.events("app-1");
    expect(events.map((event) => event.type)).toEqual([
      "session.created",
      "session.spawn_step",
      "session.spawn_step",
      "session.runtime_started",
      "session.spawn_step",
      "turn.queued",
      "turn.delivered",
      "session.status",
    ]);
    expect(
      events.filter((e) => e.type === "session.spawn_step").map((event) => event.payload["step"]),
    ).toEqual(["workspace", "prompt", "runtime"]);
    expect(f.ctx.stderr.text()).toContain("app-1: creating fake…");
    expect(f.ctx.stderr.text()).toContain("app-1: starting fake…");
  });

  it("hands the agent a prompt file with the base rules, the project rules and the task, and no bypass flag", async () => {
    const f = makeSessionFixture();
    f.writeConfig("agentRules: Run the linter before pushing.");
    const task = 'Fix "the login" bug; $(rm -rf ~) `id`\nand keep the tests green';
    const session = await spawnSession(f.ctx, { project: "app", issue: task });
    const process = f.runtime.processOf(session.id);
    const promptFile = join(f.ctx.paths.prompts, "app-1", "prompt.md");
    expect(process?.input).toMatchObject({ sessionId: "app-1", cwd: session.worktree });
    expect(process?.input.argv).toEqual(["fake-agent", "--prompt-file", promptFile]);
    expect(process?.input.argv).not.toContain(FAKE_AGENT_BYPASS_FLAG);
    const prompt = readFileSync(promptFile, "utf8");
    expect(prompt).toContain("# Working as ao session app-1");
    expect(prompt).toContain("4. Hand your work back the way this project takes it");
    expect(prompt).toContain("Run the linter before pushing.");
    expect(prompt.endsWith(`${task}\n`)).toBe(true);
    expect(f.agent.prepared).toEqual([{ sessionId: "app-1", worktree: session.worktree }]);
    const payloads = JSON.stringify(f.events().map((event) => event.payload));
    expect(payloads).not.toContain("rm -rf");
  });

  it("passes the project's opt-in to permissionless mode and its model to the agent", async () => {
    const f = makeSessionFixture();
    f.writeConfig("agentConfig:\n  permissions: permissionless\n  model: m-1");
    const session = await spawnSession(f.ctx, { project: "app", prompt: "Refactor the parser" });
    expect(f.runtime.processOf(session.id)?.input.argv).toEqual(
      expect.arrayContaining([FAKE_AGENT_BYPASS_FLAG, "--model", "m-1"]),
    );
  });

  it("takes an issue from the tracker: its id, its branch, its prompt, and marks it started", async () => {
    const f = makeSessionFixture();
    f.writeConfig("tracker: fake");
    f.tracker.add({ title: "Crash on empty input", body: "Steps: run it with no input." });
    const session = await spawnSession(f.ctx, {
      project: "app",
      issue: "#1",
      prompt: "Add a regression test.",
    });
    expect(session).toMatchObject({ issue: "1", branch: "feat/1-crash-on-empty-input" });
    const prompt = readFileSync(join(f.ctx.paths.prompts, "app-1", "prompt.md"), "utf8");
    expect(prompt).toContain("# Crash on empty input\n\nSteps: run it with no input.");
    expect(prompt).toContain("Add a regression test.");
    expect(f.tracker.started).toEqual([{ issueId: "1", sessionId: "app-1" }]);
  });

  it("never asks the tracker about plain free text", async () => {
    const f = makeSessionFixture();
    f.writeConfig("tracker: fake");
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });
    expect(session.issue).toBeNull();
    await expect(spawnSession(f.ctx, { project: "app", issue: "#7" })).rejects.toMatchObject({
      code: "E_NOT_FOUND",
    });
  });

  it("uses a valid --branch and refuses an invalid one before anything is made", async () => {
    const f = makeSessionFixture();
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it", branch: "fix/login" });
    expect(session.branch).toBe("fix/login");
    const refused = await spawnSession(f.ctx, { project: "app", issue: "Fix it", branch: "bad..name" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: "E_USAGE", exitCode: 2 });
    expect((refused as AoError).hint).toContain("bad.name");
    expect(f.events().filter((event) => event.type === "session.created")).toHaveLength(1);
  });

  it("stores the branch the workspace actually used when the wanted one is taken", async () => {
    const f = makeSessionFixture();
    const first = await spawnSession(f.ctx, { project: "app", issue: "Fix it", branch: "fix/x" });
    const second = await spawnSession(f.ctx, { project: "app", issue: "Fix it", branch: "fix/x" });
    expect([first.branch, second.branch]).toEqual(["fix/x", "fix/x-2"]);
  });

  it("lets --agent pick another agent plugin, and names the known ones for an unknown one", async () => {
    const f = makeSessionFixture();
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it", agent: "other" });
    expect(session.agent).toBe("other");
    expect(f.runtime.processOf(session.id)?.input.argv[0]).toBe("other-agent");
    await expect(
      spawnSession(f.ctx, { project: "app", issue: "Fix it", agent: "nope" }),
    ).rejects.toMatchObject({ code: "E_PLUGIN_UNKNOWN" });
  });

  it("rejects an unknown project with the configured ids and a suggestion", async () => {
    const f = makeSessionFixture();
    const error = (await spawnSession(f.ctx, { project: "ap", issue: "Fix it" }).catch(
      (e: unknown) => e,
    )) as AoError;
    expect(error).toMatchObject({ code: "E_NOT_FOUND", exitCode: 2 });
    expect(error.hint).toContain('did you mean "app"?');
    expect(error.details).toMatchObject({ projects: ["app"] });
  });

  it("needs something to work on", async () => {
    const f = makeSessionFixture();
    await expect(spawnSession(f.ctx, { project: "app" })).rejects.toMatchObject({ code: "E_USAGE" });
  });
});

class FailingRuntime extends FakeRuntime {
  override create(_input: RuntimeCreateInput): Promise<RuntimeHandle> {
    return Promise.reject(
      new AoError("E_EXEC_NOT_FOUND", "fake-agent was not found on PATH", { hint: "install it" }),
    );
  }
}

/** Starts the agent, which dies at once like a program that is not installed. */
class DyingRuntime extends FakeRuntime {
  override async create(input: RuntimeCreateInput): Promise<RuntimeHandle> {
    const handle = await super.create(input);
    this.print(handle, "ao-runtime: 1: exec: fake-agent: not found");
    this.exit(handle, 127);
    return handle;
  }
}

/** An agent that starts, then gives up a moment later (no network, no login), as Claude Code did. */
class LateDyingRuntime extends FakeRuntime {
  override async create(input: RuntimeCreateInput): Promise<RuntimeHandle> {
    const handle = await super.create(input);
    setTimeout(() => {
      this.print(handle, "Unable to connect to Anthropic services");
      this.exit(handle, 1);
    }, 600);
    return handle;
  }
}

/** Makes the checkout (as git would have started to) and then fails, like a failing postCreate. */
class FailingWorkspace extends FakeWorkspace {
  override async create(spec: WorkspaceSpec): Promise<WorkspaceInfo> {
    await super.create(spec);
    throw new AoError("E_WORKSPACE_FAILED", "postCreate `npm ci` exited with 1");
  }
}

describe("spawnSession failures", () => {
  it("undoes the workspace and prompt files when the runtime cannot start, and marks the session errored", async () => {
    const f = makeSessionFixture({ runtime: new FailingRuntime() });
    const error = (await spawnSession(f.ctx, { project: "app", issue: "Fix it" }).catch(
      (e: unknown) => e,
    )) as AoError;
    expect(error).toMatchObject({ code: "E_EXEC_NOT_FOUND", hint: "install it" });
    expect(error.message).toBe("spawning app-1 failed at step runtime: fake-agent was not found on PATH");
    const session = f.session("app-1");
    expect(session).toMatchObject({ status: "errored", reason: "spawn_failed:runtime", spawnStep: "prompt" });
    expect(existsSync(session.worktree)).toBe(false);
    expect(existsSync(join(f.ctx.paths.prompts, "app-1"))).toBe(false);
    expect(f.events("app-1").at(-1)).toMatchObject({
      type: "session.spawn_failed",
      payload: { step: "runtime", undone: true },
    });
  });

  it("leaves no checkout behind when the workspace fails half-way", async () => {
    const f = makeSessionFixture({ workspace: new FailingWorkspace() });
    const error = await spawnSession(f.ctx, { project: "app", issue: "Fix it" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_WORKSPACE_FAILED" });
    expect(existsSync(join(f.ctx.paths.projects, "app", "worktrees", "app-1"))).toBe(false);
    expect(f.session("app-1")).toMatchObject({ status: "errored", reason: "spawn_failed:workspace" });
  });

  it("never deletes a checkout that was there before the spawn", async () => {
    const f = makeSessionFixture();
    const foreign = join(f.ctx.paths.projects, "app", "worktrees", "app-1");
    mkdirSync(foreign, { recursive: true });
    await expect(spawnSession(f.ctx, { project: "app", issue: "Fix it" })).rejects.toMatchObject({
      code: "E_EXISTS",
    });
    expect(existsSync(foreign)).toBe(true);
  });

  it("fails when the agent exits at once, with its last words in the hint, and undoes everything", async () => {
    const runtime = new DyingRuntime();
    const f = makeSessionFixture({ runtime });
    const error = (await spawnSession(f.ctx, { project: "app", issue: "Fix it" }).catch(
      (e: unknown) => e,
    )) as AoError;
    expect(error).toMatchObject({ code: "E_SPAWN_FAILED" });
    expect(error.message).toBe("spawning app-1 failed at step runtime: fake exited at once with code 127");
    expect(error.hint).toContain("exec: fake-agent: not found");
    expect(runtime.processOf("app-1")?.state).toBe("gone");
    expect(existsSync(f.session("app-1").worktree)).toBe(false);
  });

  it("watches the agent for a few seconds and fails with its words when it dies a moment later (issue 18)", async () => {
    const runtime = new LateDyingRuntime();
    const f = makeSessionFixture({ runtime });
    Object.assign(f.ctx.env, { AO_SPAWN_WATCH_MS: "3000" });
    const error = (await spawnSession(f.ctx, { project: "app", issue: "Fix it" }).catch(
      (e: unknown) => e,
    )) as AoError;
    expect(error.message).toBe("spawning app-1 failed at step runtime: fake exited at once with code 1");
    expect(error.hint).toContain("its last output: Unable to connect to Anthropic services");
    expect(f.ctx.stderr.text()).toContain("app-1: watching fake for up to 3s…");
    expect(f.session("app-1")).toMatchObject({ status: "errored" });
  });

  it("with AO_SPAWN_WATCH_MS=0 looks once, and refuses a value that is not milliseconds", async () => {
    const f = makeSessionFixture({ runtime: new LateDyingRuntime() });
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    expect(spawned.status).toBe("working");
    expect(f.ctx.stderr.text()).not.toContain("watching");
    Object.assign(f.ctx.env, { AO_SPAWN_WATCH_MS: "3s" });
    const error = (await spawnSession(f.ctx, { project: "app", issue: "Again" }).catch(
      (e: unknown) => e,
    )) as AoError;
    expect(error.message).toContain("AO_SPAWN_WATCH_MS=3s is not a number of milliseconds");
  });
});
