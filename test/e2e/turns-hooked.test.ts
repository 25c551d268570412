import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, hookEvents, makeE2e } from "./e2e-fixture.js";
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

describe("an agent's hook wakes the daemon (issue 29)", () => {
  it(
    "with a 300 s poll, the fake claude's Stop hook ends its turn and the woken cycle marks the session idle",
    { timeout: 90_000 },
    async () => {
      const e2e = makeE2e();
      const release = join(e2e.userHome, "release");
      e2e.env["FAKE_AGENT_TURNS_FILE"] = join(e2e.userHome, "turns.json");
      writeFileSync(e2e.env["FAKE_AGENT_TURNS_FILE"], JSON.stringify({ reply: "Done.", workUntil: release }));
      e2e.writeConfig("agent: claude-code", "port: 0\ndaemon:\n  pollInterval: 300s");
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      const worktree = e2e.worktree("app-1");
      await eventually(
        () =>
          hookEvents(worktree).some((event) => event["hook_event_name"] === "UserPromptSubmit") || undefined,
        "the agent at work on its task",
      );
      try {
        const started = e2e.ao(["start"]);
        expect(started.exitCode, started.stderr).toBe(0);
        // The start's one cycle sees the agent working; the next one is 300 s away.
        await eventually(() => (lastCycle(e2e) === undefined ? undefined : true), "the first cycle");
        expect(statusEvents(e2e)).not.toContain("idle");
        writeFileSync(release, "");
        // Only a woken cycle decides a status this side of the poll (the turn watch ends turns only).
        await eventually(
          () => (statusEvents(e2e).includes("idle") ? true : undefined),
          "the session idle",
          60_000,
        );
        const turns = JSON.parse(e2e.ao(["turns", "app-1", "--json"]).stdout) as { turns: TurnJson[] };
        expect(turns.turns[0]).toMatchObject({ id: "t-1", status: "completed", replySource: "hook" });
        const log = readFileSync(join(e2e.home, "logs", "daemon.log"), "utf8");
        expect(log).toMatch(/woken \([^)]*agent[^)]*\): app-1/);
      } finally {
        e2e.ao(["stop"]);
        if (!existsSync(release)) writeFileSync(release, "");
      }
    },
  );
});

/** The `to` of each session.status event of app-1, oldest first. */
function statusEvents(e2e: ReturnType<typeof makeE2e>): string[] {
  const run = e2e.ao(["events", "--json", "--session", "app-1", "--limit", "1000"]);
  expect(run.exitCode, run.stderr).toBe(0);
  const { events } = JSON.parse(run.stdout) as { events: { type: string; payload: { to?: string } }[] };
  return events.filter((event) => event.type === "session.status").map((event) => event.payload.to ?? "");
}

function lastCycle(e2e: ReturnType<typeof makeE2e>): unknown {
  const run = e2e.ao(["status", "--json"]);
  return (JSON.parse(run.stdout) as { daemon?: { lastCycle?: unknown } }).daemon?.lastCycle;
}
