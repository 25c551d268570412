import { createHash } from "node:crypto";
import type { AoError } from "../../../src/core/errors.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { killSession } from "../../../src/core/sessions/kill-session.js";
import { listSessionViews, watchSessionViews } from "../../../src/core/sessions/list-sessions.js";
import { sendMessage } from "../../../src/core/sessions/send-message.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { showTurn, waitTurn } from "../../../src/core/turns/turn-commands.js";
import { FAKE_AGENT_SCREENS } from "../../fakes/agent.js";
import { FakeRuntime } from "../../fakes/runtime.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { makeSessionFixture } from "./session-fixture.js";

function turnIdOf(event: { payload: unknown }): string | undefined {
  return (event.payload as { turnId?: string }).turnId;
}

const MESSAGE =
  "line one; echo $HOME `id` $(whoami)\n\tline two 'quoted' \"double\" | & > <\n\\n not a newline\n";

describe("sendMessage", () => {
  it("delivers the text byte for byte as a turn and records its length and hash, never the text", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const result = await sendMessage(f.ctx, spawned.id, { text: MESSAGE });
    expect(f.runtime.processOf(spawned.id)?.transcript).toEqual([MESSAGE]);
    const sha256 = createHash("sha256").update(MESSAGE).digest("hex");
    expect(result).toMatchObject({
      session: spawned.id,
      turn: {
        id: "t-2",
        status: "running",
        origin: "cli",
        message: { bytes: Buffer.byteLength(MESSAGE), sha256 },
      },
      confirmed: true,
      submitted: true,
      waited: true,
      attempts: 1,
      bytes: Buffer.byteLength(MESSAGE),
      sha256,
    });
    // The message's turn: t-1 is the task the agent was started with (origin spawn).
    const events = f
      .events(spawned.id)
      .filter((event) => event.type.startsWith("turn.") && turnIdOf(event) === "t-2");
    expect(events.map((event) => event.type)).toEqual(["turn.queued", "turn.delivering", "turn.delivered"]);
    expect(events[0]).toMatchObject({
      payload: { turnId: "t-2", bytes: Buffer.byteLength(MESSAGE), sha256 },
    });
    expect(events[2]).toMatchObject({ payload: { turnId: "t-2", confirmed: true, attempts: 1 } });
    // As before there were turns, for the scripts that read it: now it names the turn.
    expect(f.events(spawned.id).at(-1)).toMatchObject({
      type: "session.message_sent",
      payload: { bytes: Buffer.byteLength(MESSAGE), sha256, confirmed: true, waited: true, turnId: "t-2" },
    });
    expect(JSON.stringify(f.events())).not.toContain("whoami");
  });

  it("joins words with spaces, reads a file, or reads stdin", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    await sendMessage(f.ctx, spawned.id, { words: ["please", "run", "the tests"] });
    writeFileSync(join(f.ctx.cwd, "msg.txt"), MESSAGE);
    await sendMessage(f.ctx, spawned.id, { file: "msg.txt" });
    const fromStdin = { ...f.ctx, stdin: Readable.from([Buffer.from("from "), Buffer.from("stdin\n")]) };
    await sendMessage(fromStdin, spawned.id, {});
    expect(f.runtime.processOf(spawned.id)?.transcript).toEqual([
      "please run the tests",
      MESSAGE,
      "from stdin\n",
    ]);
    await expect(sendMessage(f.ctx, spawned.id, { words: ["x"], file: "msg.txt" })).rejects.toMatchObject({
      code: "E_USAGE",
    });
    await expect(sendMessage(f.ctx, spawned.id, { text: "  \n" })).rejects.toMatchObject({ code: "E_USAGE" });
  });

  it("fails with E_NOT_DELIVERED naming the turn when the agent never took it, and records that", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    f.runtime.processOf(spawned.id)!.unresponsive = true;
    const error = await sendMessage(f.ctx, spawned.id, { text: "hello" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_NOT_DELIVERED", exitCode: 1 });
    expect((error as Error).message).toContain(
      "(t-2) was not delivered: the message was pasted but not confirmed",
    );
    // No blind "press Enter": on Codex's sign-in screen Enter picks "Sign in with ChatGPT" (issue 18).
    expect((error as AoError).hint).not.toMatch(/press enter/i);
    expect((error as AoError).hint).toContain("if the agent shows a screen of its own (sign-in, permission)");
    expect(f.events(spawned.id).at(-1)).toMatchObject({
      type: "turn.ended",
      payload: { turnId: "t-2", status: "failed" },
    });
  });

  it("with wait queued submits once without waiting for the agent, and records that it did not wait", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    // Free once its task's turn ended (without waiting, a message sent before that is queued): the
    // screen-observed fake printed nothing for it, so it is `empty` once the screen stood still.
    await waitTurn(f.ctx, "t-1", { timeoutMs: 30_000 }).catch(() => undefined);
    expect(await showTurn(f.ctx, "t-1")).toMatchObject({ origin: "spawn", status: "empty" });
    f.runtime.processOf(spawned.id)!.unresponsive = true;
    const result = await sendMessage(f.ctx, spawned.id, { text: "hello" }, { wait: "queued" });
    expect(result).toMatchObject({ confirmed: false, submitted: true, waited: false, attempts: 1 });
    expect(result.turn.status).toBe("running");
    expect(f.runtime.deliveries.at(-1)).toEqual({ confirm: false });
    expect(f.runtime.processOf(spawned.id)?.transcript).toEqual(["hello"]);
    expect(f.events(spawned.id).slice(-2)).toMatchObject([
      { type: "turn.delivered", payload: { confirmed: false } },
      {
        type: "session.message_sent",
        payload: { confirmed: false, submitted: true, waited: false, turnId: "t-2" },
      },
    ]);
  });

  it("refuses killed sessions and says how to bring a vanished one back, queueing nothing", async () => {
    const f = makeSessionFixture();
    const a = await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    const b = await spawnSession(f.ctx, { project: "app", issue: "Task b" });
    await killSession(f.ctx, a.id);
    await expect(sendMessage(f.ctx, a.id, { text: "hi" })).rejects.toMatchObject({ code: "E_SESSION_STATE" });
    f.runtime.vanish(f.runtime.processOf(b.id)!.handle);
    const error = await sendMessage(f.ctx, b.id, { text: "hi" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "E_NOT_FOUND",
      hint: `bring it back with \`ao session restore ${b.id}\``,
    });
    // Only the tasks' own turns (origin spawn) were queued.
    const queued = f.events().filter((event) => event.type === "turn.queued");
    expect(queued.map((event) => (event.payload as { origin?: string }).origin)).toEqual(["spawn", "spawn"]);
  });
});

describe("listSessionViews", () => {
  it("shows active sessions with one batched liveness probe and the agent's activity", async () => {
    const runtime = new FakeRuntime();
    const f = makeSessionFixture({ runtime });
    const working = await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    const exited = await spawnSession(f.ctx, { project: "app", issue: "Task b" });
    const killed = await spawnSession(f.ctx, { project: "app", issue: "Task c" });
    await killSession(f.ctx, killed.id);
    runtime.print(runtime.processOf(working.id)!.handle, FAKE_AGENT_SCREENS.working);
    runtime.exit(runtime.processOf(exited.id)!.handle, 3);
    runtime.batchProbes = 0;

    const views = await listSessionViews(f.ctx);
    expect(runtime.batchProbes).toBe(1);
    expect(views.map((view) => view.id)).toEqual([working.id, exited.id]);
    expect(views[0]).toMatchObject({
      project: "app",
      issue: null,
      branch: working.branch,
      worktree: working.worktree,
      status: "working",
      runtime: { name: "fake", liveness: "alive", handle: { id: expect.any(String) as string } },
      agent: { name: "fake", sessionId: null },
      activity: { state: "working", source: "probe" },
    });
    expect(views[1]).toMatchObject({ runtime: { liveness: "exited", exitCode: 3 }, activity: null });
    expect(Date.parse(views[0]!.createdAt)).toBe(working.createdAt);

    const all = await listSessionViews(f.ctx, { all: true });
    expect(all.map((view) => [view.id, view.status])).toEqual([
      [working.id, "working"],
      [exited.id, "working"],
      [killed.id, "killed"],
    ]);
  });

  it("is empty without sessions and needs no configuration for that", async () => {
    expect(await listSessionViews(makeTestContext())).toEqual([]);
  });

  it("watch redraws with fresh views until it is stopped", async () => {
    const f = makeSessionFixture();
    await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    const stop = new AbortController();
    const frames: number[] = [];
    await watchSessionViews(f.ctx, { intervalMs: 10, signal: stop.signal }, (views) => {
      frames.push(views.length);
      if (frames.length === 3) stop.abort();
    });
    expect(frames).toEqual([1, 1, 1]);
  });
});
