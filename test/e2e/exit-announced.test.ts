import { afterEach, describe, expect, it } from "vitest";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
}, 60_000);

/** A daemon that polls every ten minutes: only tmux's announcement can explain an exit seen sooner. */
function writeWorld(e2e: E2e): void {
  const argv = JSON.stringify(["/bin/sh", "-c", "echo working on it; sleep 5; echo giving up; exit 3"]);
  e2e.writeConfig(
    `agent: { plugin: command, argv: ${argv} }\ntracker: local\nscm: local`,
    "port: 0\ndaemon:\n  pollInterval: 10m",
  );
}

/** `session ls` reads only the store: what the daemon's lifecycle decided. */
const stored = (e2e: E2e) => e2e.sessions().find((session) => session.id === "app-1");

describe("an agent's exit, announced by tmux to the running daemon (issue 18)", () => {
  it(
    "ends the session within seconds although the daemon polls every ten minutes",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      writeWorld(e2e);
      stops.push(() => void e2e.ao(["stop"]));
      const started = e2e.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      expect(stored(e2e)?.status).toBe("working");
      // `session ls` only reads the store: the status changes when the daemon's lifecycle decides.
      const ended = await eventually(() => {
        const session = stored(e2e);
        return session?.status === "exited" ? session : undefined;
      }, "the daemon to see the exit");
      expect(ended).toMatchObject({ status: "exited", reason: "agent_failed" });
      const events = e2e.ao(["events", "--session", "app-1", "--json"]);
      const types = (JSON.parse(events.stdout) as { events: { type: string }[] }).events.map((e) => e.type);
      expect(types).toContain("lifecycle.exited");
    },
  );
});
