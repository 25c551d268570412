import { describe, expect, it } from "vitest";
import { eventually } from "./e2e-fixture.js";
import { turnsWorld, type TurnJson } from "./turns-fixture.js";

/**
 * Turns end to end with the agents that report their own: the built `ao`, real tmux and SQLite, and
 * the fake claude (UserPromptSubmit / Stop / StopFailure hooks and a transcript) and the fake codex
 * (a rollout file with task_started / task_complete / turn_aborted), which write those signals the
 * way the recorded real CLIs do (test/fixtures/agents/*\/turns/).
 */
const AGENTS: [agent: string, replySource: string][] = [
  ["claude-code", "hook"],
  ["codex", "transcript"],
];

describe.each(AGENTS)("turns of %s, from its own signals", (agent, replySource) => {
  it(
    "ao send --wait prints the reply; an empty turn and a failing agent are reported as such",
    {
      timeout: 180_000,
    },
    () => {
      const e2e = turnsWorld(agent);
      e2e.nextTurn({ reply: "Fixed: the token check used the wrong clock.", workMs: 500 });
      const waited = e2e.ao(["send", "app-1", "--wait", "what did you change?"]);
      expect(waited.exitCode, waited.stderr).toBe(0);
      expect(waited.stdout).toBe("Fixed: the token check used the wrong clock.\n");
      expect(waited.stderr).toContain(`app-1: t-2 completed (reply from the ${replySource})`);

      e2e.nextTurn({ reply: "", workMs: 300 });
      const empty = e2e.ao(["send", "app-1", "--wait", "say nothing"]);
      expect(empty.exitCode).toBe(1);
      expect(empty.stderr).toContain("error: app-1: t-3 ended empty: the agent replied nothing");

      e2e.nextTurn({ fail: "model fake-model-1 is retired: use fake-model-2", workMs: 300 });
      const failed = e2e.ao(["send", "app-1", "--wait", "--json", "try again"]);
      expect(failed.exitCode).toBe(1);
      const { error } = JSON.parse(failed.stdout) as {
        error: { code: string; details: { turn: TurnJson } };
      };
      expect(error.code).toBe("E_TURN_FAILED");
      expect(error.details.turn).toMatchObject({ id: "t-4", status: "failed" });
      expect(error.details.turn.error).toContain("model fake-model-1 is retired: use fake-model-2");
      expect(e2e.turns().map((turn) => turn.status)).toEqual(["completed", "empty", "failed"]);
    },
  );

  it(
    "ao session interrupt ends a long turn, the agent is idle, and the next turn works",
    {
      timeout: 180_000,
    },
    async () => {
      const e2e = turnsWorld(agent);
      // The task's own turn ends first (a message sent while it works: the unit tests' case).
      await eventually(() => (e2e.sessions()[0]?.activity?.state === "idle" ? true : undefined), "idle");
      e2e.nextTurn({ reply: "never", workMs: 120_000 });
      expect(e2e.ao(["send", "app-1", "a very long job"]).exitCode).toBe(0);
      const stopped = e2e.ao(["session", "interrupt", "app-1", "--json"]);
      expect(stopped.exitCode, stopped.stdout + stopped.stderr).toBe(0);
      expect(JSON.parse(stopped.stdout)).toMatchObject({
        idle: true,
        turn: { id: "t-2", status: "interrupted" },
      });
      e2e.nextTurn({ reply: "back at it", workMs: 300 });
      const again = e2e.ao(["send", "app-1", "--wait", "are you there?"]);
      expect(again).toMatchObject({ exitCode: 0, stdout: "back at it\n" });
    },
  );
});
