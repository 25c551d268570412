import { afterEach, describe, expect, it } from "vitest";
import { sendMessage } from "../../../src/core/sessions/send-message.js";
import { listTurns, openStore, closeStore } from "../../../src/core/store/index.js";
import { listSessionTurns, showTurn, waitTurn } from "../../../src/core/turns/turn-commands.js";
import { makeTurnFixture, type TurnFixture } from "./turn-fixture.js";

let f: TurnFixture | undefined;
afterEach(() => f?.close());

/** The hooked agent starts every delivered turn at once, as Claude Code's UserPromptSubmit says. */
function startingFixture(): TurnFixture {
  const fixture = makeTurnFixture({
    program: (_text, process) => fixture.hooked.hook(process.input.sessionId, { type: "start" }),
  });
  f = fixture;
  return fixture;
}

describe("ao send through turns", () => {
  it("--wait returns the agent's reply from its hook, and the turn is completed with its events", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    const sleep = fx.steps(() => fx.hooked.hook(id, { type: "stop", reply: "All 12 tests pass." }));
    const result = await sendMessage(
      fx.ctx,
      id,
      { text: "run the tests" },
      { wait: "ended", sleep, pollMs: 1 },
    );
    expect(result.turn).toMatchObject({
      id: "t-2",
      status: "completed",
      reply: "All 12 tests pass.",
      replySource: "hook",
      origin: "cli",
    });
    expect(result.turn.startedAt).not.toBeNull();
    // After the task's own turn (t-1, origin spawn), which the agent ended before the message came.
    const types = fx
      .events(id)
      .filter((event) => event.type.startsWith("turn."))
      .filter((event) => (event.payload as { turnId?: string }).turnId === "t-2")
      .map((event) => event.type);
    expect(types).toEqual(["turn.queued", "turn.delivering", "turn.delivered", "turn.started", "turn.ended"]);
    expect(fx.events(id).at(-1)).toMatchObject({
      payload: { turnId: "t-2", status: "completed", replyBytes: 18, replySource: "hook" },
    });
    expect(JSON.stringify(fx.events())).not.toContain("All 12 tests pass");
  });

  it("a completed turn with a blank reply is empty, and --wait says so, naming the turn", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    const sleep = fx.steps(() => fx.hooked.hook(id, { type: "stop", reply: "  \n" }));
    const error = await sendMessage(fx.ctx, id, { text: "do it" }, { wait: "ended", sleep, pollMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "E_TURN_FAILED", exitCode: 1 });
    expect((error as Error).message).toBe(`${id}: t-2 ended empty: the agent replied nothing`);
    expect((error as { details: { turn: { status: string } } }).details.turn.status).toBe("empty");
  });

  it("a failing agent's turn is failed with the agent's own words", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    const words = "API Error: the model claude-2 has been retired";
    const sleep = fx.steps(() => fx.hooked.hook(id, { type: "fail", error: words }));
    const error = await sendMessage(fx.ctx, id, { text: "do it" }, { wait: "ended", sleep, pollMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(`${id}: t-2 failed: ${words}`);
    const shown = await showTurn(fx.ctx, "t-2");
    expect(shown).toMatchObject({ status: "failed", error: words, reply: null });
  });

  it("an agent that dies mid-turn fails the turn with the last lines it printed", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    const process = () => fx.runtime.processOf(id)!;
    const sleep = fx.steps(() => {
      fx.runtime.print(process().handle, "Error: could not reach api.anthropic.com (ECONNREFUSED)");
      fx.runtime.exit(process().handle, 1);
    });
    const error = await sendMessage(fx.ctx, id, { text: "do it" }, { wait: "ended", sleep, pollMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toContain("t-2 failed:");
    expect((error as Error).message).toContain("could not reach api.anthropic.com (ECONNREFUSED)");
  });

  it("times out naming the turn, which goes on: ao turns catches it up once the agent ends it", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    const error = await sendMessage(fx.ctx, id, { text: "long job" }, { wait: "ended", timeoutMs: 0 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "E_TURN_TIMEOUT" });
    expect((error as Error).message).toContain("t-2 is still running at the timeout");
    const statuses = async () => (await listSessionTurns(fx.ctx, id)).turns.map((turn) => turn.status);
    expect(await statuses()).toEqual(["completed", "running"]);
    fx.hooked.hook(id, { type: "stop", reply: "done at last" });
    expect(await statuses()).toEqual(["completed", "completed"]);
    expect(await waitTurn(fx.ctx, "t-2", { timeoutMs: 0 })).toMatchObject({ reply: "done at last" });
  });

  it("serialises turns: a second send waits in line and is delivered only once the first ended", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    await sendMessage(fx.ctx, id, { text: "first" });
    const transcript = () => fx.runtime.processOf(id)!.transcript;
    const progress: string[] = [];
    const sleep = fx.steps(
      () => expect(transcript()).toEqual(["first"]),
      () => fx.hooked.hook(id, { type: "stop", reply: "first done" }),
    );
    const second = await sendMessage(
      fx.ctx,
      id,
      { text: "second" },
      {
        sleep,
        pollMs: 1,
        onProgress: (turn, ahead) => progress.push(`${turn.id}:${turn.status}:${ahead?.id ?? ""}`),
      },
    );
    expect(second.turn).toMatchObject({ id: "t-3", status: "running" });
    expect(transcript()).toEqual(["first", "second"]);
    expect(progress).toEqual(["t-3:queued:t-2"]);
  });

  it("--no-wait leaves a turn queued behind the open one and says so; nothing is pasted", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    await sendMessage(fx.ctx, id, { text: "first" });
    const queued = await sendMessage(fx.ctx, id, { text: "for later" }, { wait: "queued" });
    expect(queued).toMatchObject({
      turn: { id: "t-3", status: "queued" },
      queuedBehind: "t-2",
      waited: false,
    });
    expect(fx.runtime.processOf(id)!.transcript).toEqual(["first"]);
    const store = openStore(fx.ctx);
    try {
      const [, , waiting] = listTurns(store, { sessionId: id });
      expect(waiting?.messageText).toBe("for later");
    } finally {
      closeStore(store);
    }
  });

  it("forgets the message text once delivered, keeping its hash", async () => {
    const fx = startingFixture();
    const id = await fx.spawnHooked();
    await sendMessage(fx.ctx, id, { text: "secret-ish text" });
    const store = openStore(fx.ctx);
    try {
      const [, turn] = listTurns(store, { sessionId: id });
      expect(turn).toMatchObject({ status: "running", messageText: null, message: { bytes: 15 } });
      const raw = store.db.prepare("SELECT * FROM turns").all();
      expect(JSON.stringify(raw)).not.toContain("secret-ish");
    } finally {
      closeStore(store);
    }
  });
});
