import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * A turn nobody waits on ends when the agent's signal arrives, not at the daemon's next poll (issue
 * 25: an idle worker stayed `running`, and was refused as busy, for 33–53 s). With a 300-s poll, the
 * daemon's turn watch (every agent, the screen observer too) and a hook's wake (claude) end it; the
 * feed is read with `ao events`, which catches no turn up itself, so nothing else looked.
 */
describe.each(["claude-code", "aider"])(
  "a %s turn nobody waits on, the daemon polling every 300 s",
  (agent) => {
    it(
      "ends once the agent finished, without anyone looking, and the next message goes at once",
      { timeout: 180_000 },
      async () => {
        const e2e = makeE2e();
        const turnsFile = join(e2e.userHome, "turns.json");
        const release = join(e2e.userHome, "release");
        e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
        e2e.writeConfig(`agent: ${agent}`, "port: 0\ndaemon:\n  pollInterval: 300s");
        expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
        // The task's own turn (t-1) ends first; its end is not what this test is about.
        e2e.ao(["turns", "wait", "t-1", "--timeout", "60s"]);
        try {
          const started = e2e.ao(["start"]);
          expect(started.exitCode, started.stderr).toBe(0);
          // The start's one cycle; the next poll is 300 s away, past this test.
          await eventually(() => (firstCycleDone(e2e) ? true : undefined), "the daemon's first cycle");
          writeFileSync(turnsFile, JSON.stringify({ reply: "Done with the long job.", workUntil: release }));
          const sent = e2e.ao(["send", "app-1", "--no-wait", "the long job"]);
          expect(sent.exitCode, sent.stderr).toBe(0);
          expect(turnEnded(e2e, "t-2")).toBe(false);
          writeFileSync(release, "");
          // Nobody runs `ao turns`, `ao send` or wait_turn: the daemon alone ends it.
          await eventually(
            () => (turnEnded(e2e, "t-2") ? true : undefined),
            "t-2 ended by the daemon",
            60_000,
          );
          writeFileSync(turnsFile, JSON.stringify({ reply: "Next.", workMs: 300 }));
          const next = e2e.ao(["send", "app-1", "--no-wait", "--json", "the next job"]);
          expect(next.exitCode, next.stderr).toBe(0);
          expect(JSON.parse(next.stdout)).toMatchObject({ turn: { id: "t-3" } });
          expect(JSON.parse(next.stdout)).not.toHaveProperty("queuedBehind");
        } finally {
          e2e.ao(["stop"]);
          if (!existsSync(release)) writeFileSync(release, "");
        }
      },
    );
  },
);

interface FeedEvent {
  type: string;
  payload: { turnId?: string; status?: string };
}

function feed(e2e: E2e): FeedEvent[] {
  const run = e2e.ao(["events", "--json", "--session", "app-1", "--limit", "1000"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { events: FeedEvent[] }).events;
}

function turnEnded(e2e: E2e, turnId: string): boolean {
  return feed(e2e).some((event) => event.type === "turn.ended" && event.payload.turnId === turnId);
}

function firstCycleDone(e2e: E2e): boolean {
  const run = e2e.ao(["status", "--json"]);
  const daemon = (JSON.parse(run.stdout) as { daemon?: { lastCycle?: unknown } }).daemon;
  return daemon?.lastCycle !== undefined && daemon.lastCycle !== null;
}
