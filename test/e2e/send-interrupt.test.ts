import { afterEach, describe, expect, it } from "vitest";
import { eventually, killDaemons } from "./e2e-fixture.js";
import { startAo, submissions, turnsWorld } from "./turns-fixture.js";

/** Ctrl-C of `ao send`: it says what state it left the turn in (read from the store) and exits 130. */
const daemons: number[] = [];
afterEach(() => killDaemons(daemons));

describe("Ctrl-C of ao send", () => {
  it(
    "says the turn it left is being worked on, or queued, and exits 130; neither turn is lost",
    { timeout: 120_000 },
    async () => {
      const e2e = turnsWorld("aider");
      // t-2 works until the test ends: it must still be running at the last look, however slow the machine.
      e2e.nextTurn({ reply: "slow and steady", workMs: 600_000 });
      const first = startAo(e2e, ["send", "app-1", "--wait", "take your time"]);
      await eventually(() => (e2e.turns()[0]?.status === "running" ? true : undefined), "t-2 delivered");
      const second = startAo(e2e, ["send", "app-1", "then this"]);
      await eventually(() => (e2e.turns().length === 2 ? true : undefined), "t-3 given");

      process.kill(second.pid, "SIGINT");
      const queued = await second.done;
      expect(queued.exitCode, queued.stderr).toBe(130);
      expect(queued.stderr).toContain("interrupted: app-1 turn t-3 is queued, nothing was pasted");

      process.kill(first.pid, "SIGINT");
      const running = await first.done;
      expect(running.exitCode, running.stderr).toBe(130);
      expect(running.stderr).toContain(
        "interrupted: app-1 turn t-2 was delivered; the agent is working on it",
      );
      expect(e2e.turns().map((turn) => [turn.id, turn.status])).toEqual([
        ["t-2", "running"],
        ["t-3", "queued"],
      ]);
      expect(submissions(e2e, "take your time")).toBe(1);
    },
  );
});
