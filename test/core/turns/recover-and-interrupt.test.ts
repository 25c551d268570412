import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { restoreSession } from "../../../src/core/sessions/restore-session.js";
import { sendMessage } from "../../../src/core/sessions/send-message.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import {
  claimNextTurn,
  insertTurn,
  recordTurnCursor,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { interruptSessionTurn, listSessionTurns, showTurn } from "../../../src/core/turns/turn-commands.js";
import { FAKE_AGENT_SCREENS } from "../../fakes/agent.js";
import type { FakeProcess } from "../../fakes/runtime.js";
import { makeTurnFixture, type TurnFixture } from "./turn-fixture.js";

let f: TurnFixture | undefined;
afterEach(() => f?.close());

/** A pid that was a process a moment ago and is none now. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ["-e", "0"]).pid;
  if (pid === undefined) throw new Error("no pid");
  return pid;
}

/** What a process that died mid-delivery leaves: a claimed turn, with its cursor when it got that far. */
function orphan(
  store: Store,
  sessionId: string,
  options: { cursor?: string; marker?: string; text?: string } = {},
): string {
  return writeTransaction(store, (tx) => {
    const body = options.text ?? "the message";
    const text = options.marker === undefined ? body : `${body}\n\n${options.marker}`;
    insertTurn(tx, { sessionId, origin: "cli", text, sha256: "h", marker: options.marker });
    const turn = claimNextTurn(tx, sessionId, { pid: deadPid(), host: hostname(), token: randomUUID() });
    if (turn === undefined) throw new Error("not claimed");
    if (options.cursor !== undefined) recordTurnCursor(tx, turn.id, options.cursor, null);
    return turn.id;
  });
}

/** The hooked agent's cursor now: after its task's turn, where a delivery would have taken it. */
function hooksSoFar(fx: TurnFixture, sessionId: string): Promise<string> {
  return fx.hooked.turnCursor({
    sessionId,
    worktree: fx.session(sessionId).worktree,
    liveness: { state: "alive" },
  });
}

describe("a delivery whose process died", () => {
  it("before it pasted anything (no cursor): the turn is queued again, then delivered once", async () => {
    const fx = (f = makeTurnFixture());
    const id = await fx.spawnHooked();
    const turnId = orphan(fx.turnContext().store, id);
    expect((await listSessionTurns(fx.ctx, id)).turns.find((turn) => turn.id === turnId)).toMatchObject({
      status: "queued",
      error: null,
    });
    expect(fx.runtime.processOf(id)!.transcript).toEqual([]);
    const store = fx.turnContext().store;
    const requeued = store.db.prepare("SELECT payload FROM events WHERE type = 'turn.requeued'").all();
    const payloads = (requeued as { payload: string }[]).map((row) => row.payload);
    expect(payloads).toHaveLength(1);
    expect(payloads[0]).toContain("its deliverer died before it pasted");
    // It is first in line: the next delivery gives the agent this message, once, then the new one.
    await sendMessage(fx.ctx, id, { text: "next" }, { wait: "queued" });
    expect(fx.runtime.processOf(id)!.transcript).toEqual(["the message"]);
    expect((await showTurn(fx.ctx, turnId)).status).toBe("running");
  });

  it("after the paste, the agent's signals after the cursor say it arrived: the turn runs and completes", async () => {
    const fx = (f = makeTurnFixture());
    const id = await fx.spawnHooked();
    const turnId = orphan(fx.turnContext().store, id, { cursor: await hooksSoFar(fx, id) });
    fx.hooked.hook(id, { type: "start" });
    expect((await showTurn(fx.ctx, turnId)).status).toBe("running");
    fx.hooked.hook(id, { type: "stop", reply: "recovered fine" });
    expect(await showTurn(fx.ctx, turnId)).toMatchObject({ status: "completed", reply: "recovered fine" });
    expect(fx.runtime.processOf(id)!.transcript).toEqual([]);
  });

  it("no sign of the message: its input is cleared (an unsubmitted paste is never glued to the next), failed, never sent again", async () => {
    const fx = (f = makeTurnFixture());
    const id = await fx.spawnHooked();
    const turnId = orphan(fx.turnContext().store, id, { cursor: await hooksSoFar(fx, id) });
    expect(await showTurn(fx.ctx, turnId)).toMatchObject({
      status: "failed",
      error:
        "delivery interrupted: the agent shows no sign of the message; its input was cleared so nothing is glued to the next message, and it was not sent again",
    });
    expect(fx.runtime.processOf(id)!.keys).toEqual(["C-u"]);
    // The next turn is delivered normally: the orphan no longer holds the session.
    await sendMessage(fx.ctx, id, { text: "next" });
    expect(fx.runtime.processOf(id)!.transcript).toEqual(["next"]);
  });

  it("a multi-line paste left in Claude Code's input: Ctrl-U is pressed until the box is empty", async () => {
    // As recorded (test/fixtures/agents/claude/screens/clear-input/): each Ctrl-U deletes the last
    // line's text, or on an empty last line the line break before it. The box sits above a rule.
    const box = (screen: string[]) => screen.slice(0, -1);
    const fx = (f = makeTurnFixture({
      onKey: (key, proc) => {
        if (key !== "C-u") return;
        const lines = box(proc.screen);
        if (lines.at(-1) !== "❯") {
          if (lines.at(-1) === "") proc.screen.splice(lines.length - 1, 1);
          else proc.screen.splice(lines.length - 1, 1, lines.length === 1 ? "❯" : "");
        }
      },
    }));
    const id = await fx.spawnHooked();
    const text = "Fix the flaky test in parser.ts\nIt fails one run in ten on CI.\nPlease look.";
    fx.runtime.print(fx.runtime.processOf(id)!.handle, `❯ ${text}\n${"─".repeat(40)}`);
    const turnId = orphan(fx.turnContext().store, id, { cursor: await hooksSoFar(fx, id), text });
    expect(await showTurn(fx.ctx, turnId)).toMatchObject({ status: "failed" });
    expect(box(fx.runtime.processOf(id)!.screen)).toEqual(["❯"]);
    // Five presses empty three lines; a sixth finds nothing left to delete.
    expect(fx.runtime.processOf(id)!.keys).toEqual(Array(6).fill("C-u"));
  });

  it("its marker on the agent's screen: Enter is pressed once (it may never have been submitted) and it runs", async () => {
    const fx = (f = makeTurnFixture());
    const id = await fx.spawnHooked();
    const handle = fx.runtime.processOf(id)!.handle;
    fx.runtime.print(handle, "the message\n\n[ao reaction 3]");
    const turnId = orphan(fx.turnContext().store, id, {
      cursor: await hooksSoFar(fx, id),
      marker: "[ao reaction 3]",
    });
    expect((await showTurn(fx.ctx, turnId)).status).toBe("running");
    expect(fx.runtime.submits).toEqual([handle.id]);
    await showTurn(fx.ctx, turnId);
    expect(fx.runtime.submits).toEqual([handle.id]);
  });

  it("a claim this process still holds is left alone", async () => {
    const fx = (f = makeTurnFixture({
      program: (_text, process) => {
        // While the delivery is in flight, another look at the turns must not touch it.
        void listSessionTurns(fx.ctx, process.input.sessionId).then((listed) =>
          seen.push(listed.turns.find((turn) => turn.origin === "cli")!.status),
        );
      },
    }));
    const seen: string[] = [];
    const id = await fx.spawnHooked();
    await sendMessage(fx.ctx, id, { text: "hello" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(1);
    expect(["delivering", "running"]).toContain(seen[0]);
    expect((await showTurn(fx.ctx, "t-2")).status).toBe("running");
  });
});

describe("a restored agent", () => {
  it("ends the turn its old process was on: the new agent's screen is not that turn's", async () => {
    const fx = (f = makeTurnFixture({
      program: (_text, process) => fx.hooked.hook(process.input.sessionId, { type: "start" }),
    }));
    const id = await fx.spawnHooked();
    await sendMessage(fx.ctx, id, { text: "long job" });
    fx.runtime.vanish(fx.runtime.processOf(id)!.handle);
    await restoreSession(fx.ctx, id);
    expect(await showTurn(fx.ctx, "t-2")).toMatchObject({
      status: "failed",
      error: "the agent was restarted (ao session restore) before it ended the turn",
    });
    await sendMessage(fx.ctx, id, { text: "after the restore" });
    expect(fx.runtime.processOf(id)!.transcript).toEqual(["after the restore"]);
  });
});

describe("ao session interrupt", () => {
  it("presses the agent's own interrupt key, confirms it is idle, and the turn is interrupted", async () => {
    const fx = (f = makeTurnFixture({
      program: (_text, process) => {
        fx.hooked.hook(process.input.sessionId, { type: "start" });
        fx.runtime.print(process.handle, FAKE_AGENT_SCREENS.working);
      },
      onKey: (key, process) => {
        if (key !== "Escape") return;
        process.screen.length = 0; // the TUI redraws: the spinner is gone
        fx.runtime.print(process.handle, `Interrupted\n${FAKE_AGENT_SCREENS.idle}`);
        fx.hooked.hook(process.input.sessionId, { type: "interrupted" });
      },
    }));
    const id = await fx.spawnHooked();
    await sendMessage(fx.ctx, id, { text: "a long job" });
    const result = await interruptSessionTurn(fx.ctx, id, { timeoutMs: 2_000 });
    expect(result).toMatchObject({
      idle: true,
      activity: "idle",
      keys: ["Escape"],
      turn: { status: "interrupted" },
    });
    expect(fx.runtime.processOf(id)!.keys).toEqual(["Escape"]);
  });

  it("stops what the agent had queued too: idle means it stays idle after the keys", async () => {
    let queued = 0;
    const startTurn = (process: FakeProcess) => {
      fx.hooked.hook(process.input.sessionId, { type: "start" });
      fx.runtime.print(process.handle, FAKE_AGENT_SCREENS.working);
    };
    const fx = (f = makeTurnFixture({
      // A message sent while the agent works waits in it (Claude Code's queue).
      program: () => void queued++,
      onKey: (key, process) => {
        if (key !== "Escape") return;
        process.screen.length = 0;
        fx.runtime.print(process.handle, `Interrupted\n${FAKE_AGENT_SCREENS.idle}`);
        fx.hooked.hook(process.input.sessionId, { type: "interrupted" });
        // As the running turn stops, the queued message starts.
        if (queued > 0 && queued--) setTimeout(() => startTurn(process), 100);
      },
    }));
    const id = await fx.spawnHooked();
    startTurn(fx.runtime.processOf(id)!); // a turn of the person's own (typed in), not one of ao's
    await sendMessage(fx.ctx, id, { text: "a long job" });
    const result = await interruptSessionTurn(fx.ctx, id, { timeoutMs: 4_000 });
    expect(result).toMatchObject({
      idle: true,
      activity: "idle",
      keys: ["Escape", "Escape"],
      turn: { status: "interrupted" },
    });
    expect(result.turn?.startedAt).not.toBeNull();
  });

  it("says the agent is not idle when the keys did not stop it, and leaves the turn running", async () => {
    const fx = (f = makeTurnFixture({
      program: (_text, process) => {
        fx.hooked.hook(process.input.sessionId, { type: "start" });
        fx.runtime.print(process.handle, FAKE_AGENT_SCREENS.working);
      },
      onKey: () => undefined,
    }));
    const id = await fx.spawnHooked();
    await sendMessage(fx.ctx, id, { text: "a long job" });
    const result = await interruptSessionTurn(fx.ctx, id, { timeoutMs: 30 });
    expect(result).toMatchObject({
      idle: false,
      activity: "working",
      keys: ["Escape"],
      turn: { status: "running" },
    });
  });

  it("defaults to Ctrl-C and ends a screen-observed turn itself once the agent is idle", async () => {
    const fx = (f = makeTurnFixture({
      program: (_text, process) => fx.runtime.print(process.handle, FAKE_AGENT_SCREENS.working),
      onKey: (key, process) => {
        if (key !== "C-c") return;
        process.screen.length = 0;
        fx.runtime.print(process.handle, FAKE_AGENT_SCREENS.idle);
      },
    }));
    const id = (await spawnSession(fx.ctx, { project: "app", issue: "Fix it" })).id;
    await sendMessage(fx.ctx, id, { text: "a long job" });
    const result = await interruptSessionTurn(fx.ctx, id, { timeoutMs: 2_000 });
    expect(result).toMatchObject({ idle: true, keys: ["C-c"], turn: { id: "t-2", status: "interrupted" } });
    expect(fx.events(id).at(-1)).toMatchObject({ type: "turn.ended", payload: { status: "interrupted" } });
  });
});
