import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, killDaemons } from "./e2e-fixture.js";
import { startAo, submissions, turnsWorld, type TurnJson } from "./turns-fixture.js";

/**
 * Turns end to end: the built `ao`, real tmux, real SQLite, and the fake aider, a screen-only agent
 * (no hooks, no transcript): core's screen-stability observer reads its turns.
 */
const daemons: number[] = [];
afterEach(() => killDaemons(daemons));

describe("turns with a screen-only agent (the fake aider in tmux)", () => {
  it(
    "ao send --wait prints the reply read off the screen; ao turns shows the turn",
    { timeout: 120_000 },
    () => {
      const e2e = turnsWorld("aider");
      e2e.nextTurn({ reply: "The login check returns 200 now.", workMs: 800 });
      const waited = e2e.ao(["send", "app-1", "--wait", "what did you change?"]);
      expect(waited.exitCode, waited.stderr).toBe(0);
      expect(waited.stdout).toBe("The login check returns 200 now.\n");
      expect(waited.stderr).toContain("app-1: t-2 completed (reply from the screen)");
      expect(e2e.turns()).toMatchObject([
        { id: "t-2", status: "completed", origin: "cli", replySource: "screen" },
      ]);
    },
  );

  it("an empty turn and a failing agent are reported as such, naming the turn", { timeout: 120_000 }, () => {
    const e2e = turnsWorld("aider");
    e2e.nextTurn({ reply: "", workMs: 300 });
    const empty = e2e.ao(["send", "app-1", "--wait", "say nothing"]);
    expect(empty.exitCode).toBe(1);
    expect(empty.stderr).toContain("error: app-1: t-2 ended empty: the agent replied nothing");
    e2e.nextTurn({
      fail: "litellm.AuthenticationError: no API key for model fake-model",
      failExit: 1,
      workMs: 300,
    });
    const failed = e2e.ao(["send", "app-1", "--wait", "--json", "try again"]);
    expect(failed.exitCode).toBe(1);
    const error = (JSON.parse(failed.stdout) as { error: { code: string; details: { turn: TurnJson } } })
      .error;
    expect(error.code).toBe("E_TURN_FAILED");
    expect(error.details.turn).toMatchObject({ id: "t-3", status: "failed" });
    expect(error.details.turn.error).toContain(
      "litellm.AuthenticationError: no API key for model fake-model",
    );
  });

  it("ao session interrupt ends a long turn and the agent is idle again", { timeout: 120_000 }, () => {
    const e2e = turnsWorld("aider");
    e2e.nextTurn({ reply: "never", workMs: 120_000 });
    const sent = e2e.ao(["send", "app-1", "a very long job"]);
    expect(sent.exitCode, sent.stderr).toBe(0);
    const stopped = e2e.ao(["session", "interrupt", "app-1", "--json"]);
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(JSON.parse(stopped.stdout)).toMatchObject({
      idle: true,
      activity: "idle",
      keys: ["C-c"],
      turn: { id: "t-2", status: "interrupted" },
    });
    e2e.nextTurn({ reply: "still here", workMs: 300 });
    const again = e2e.ao(["send", "app-1", "--wait", "are you there?"]);
    expect(again).toMatchObject({ exitCode: 0, stdout: "still here\n" });
  });

  it(
    "kill -9 of ao send --wait loses no turn: ao turns shows it, and it completes",
    { timeout: 120_000 },
    async () => {
      const e2e = turnsWorld("aider");
      // The turn works until its waiter is killed (the release file), however slow the machine.
      const release = join(e2e.userHome, "release");
      e2e.nextTurn({ reply: "finished without my waiter", workUntil: release });
      const waiting = startAo(e2e, ["send", "app-1", "--wait", "take your time"]);
      await eventually(
        () => (e2e.turns()[0]?.status === "running" ? true : undefined),
        "the turn to be delivered",
      );
      process.kill(waiting.pid, "SIGKILL");
      expect((await waiting.done).exitCode).toBe(-1);
      writeFileSync(release, "");
      const done = await eventually(() => {
        const [turn] = e2e.turns();
        return turn?.status === "running" ? undefined : turn;
      }, "the turn to end");
      expect(done).toMatchObject({ id: "t-2", status: "completed" });
      const shown = e2e.ao(["turns", "show", "t-2", "--json"]);
      expect(JSON.parse(shown.stdout)).toMatchObject({ reply: "finished without my waiter" });
      expect(submissions(e2e, "take your time")).toBe(1);
    },
  );

  it(
    "a second send waits in line and is delivered when the first turn ends",
    { timeout: 120_000 },
    async () => {
      const e2e = turnsWorld("aider");
      // The first turn works until the second send is in line behind it (the release file).
      const release = join(e2e.userHome, "release");
      e2e.nextTurn({ reply: "one at a time", workUntil: release });
      expect(e2e.ao(["send", "app-1", "first"]).exitCode).toBe(0);
      const waiting = startAo(e2e, ["send", "app-1", "--wait", "second"]);
      await eventually(
        () => (e2e.turns()[1]?.status === "queued" ? true : undefined),
        "the second turn in line",
      );
      writeFileSync(release, "");
      const second = await waiting.done;
      expect(second.exitCode, second.stderr).toBe(0);
      expect(second.stderr).toContain("app-1: t-3 waits for t-2 (running) to end");
      expect(second.stdout).toBe("one at a time\n");
      expect(e2e.turns().map((turn) => turn.status)).toEqual(["completed", "completed"]);
      expect(submissions(e2e, "second")).toBe(1);
    },
  );

  it(
    "a --no-wait send behind an open turn is delivered by the daemon's cycle, exactly once",
    { timeout: 180_000 },
    async () => {
      const e2e = turnsWorld("aider");
      writeFileSync(
        join(e2e.configDir, "agent-orchestrator.yaml"),
        `port: 0\ndaemon:\n  pollInterval: 1s\nprojects:\n  app:\n    path: ${e2e.repo.dir}\n    agent: aider\n`,
      );
      // The first turn works until the second is queued behind it (the release file).
      const release = join(e2e.userHome, "release");
      e2e.nextTurn({ reply: "done", workUntil: release });
      expect(e2e.ao(["send", "app-1", "first"]).exitCode).toBe(0);
      const queued = e2e.ao(["send", "app-1", "--no-wait", "queued for the daemon"]);
      expect(queued.exitCode, queued.stderr).toBe(0);
      expect(queued.stderr).toContain("t-3 queued behind t-2");
      writeFileSync(release, "");
      const started = e2e.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      daemons.push((JSON.parse(started.stdout) as { pid: number }).pid);
      await eventually(
        () => (e2e.turns().every((turn) => turn.status === "completed") ? true : undefined),
        "the daemon to deliver and finish the queued turn",
        120_000,
      );
      expect(e2e.ao(["stop"]).exitCode).toBe(0);
      expect(submissions(e2e, "queued for the daemon")).toBe(1);
    },
  );
});
