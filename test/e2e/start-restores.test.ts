import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { agentStarts, conversationOf, eventually, killDaemons, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * After a reboot (the tmux server gone with every agent), `ao start` restores each session that was
 * live before it starts the daemon, with the same conversation, and says so (issue 29, "Surviving
 * sleep and reboot"). The built ao, real tmux, git and SQLite, the fake claude.
 */
let world: E2e | undefined;
const daemons: number[] = [];
afterEach(() => {
  killDaemons(daemons);
  for (const id of ["app-1", "app-2", "app-3"]) world?.ao(["session", "kill", id]);
  world = undefined;
});

interface Restored {
  session: string;
  ok: boolean;
  action?: string;
  resumed?: boolean;
}

describe("ao start after a reboot", () => {
  it(
    "restores every live session with its conversation, leaves a killed one alone, and says what it did",
    { timeout: 240_000 },
    async () => {
      const e2e = makeE2e();
      world = e2e;
      // Port 0: the suite runs beside a busy port 3000 and another daemon.
      e2e.writeConfig("", "port: 0");
      for (const task of ["Fix the login bug", "Add a README", "Tidy the tests"])
        expect(e2e.ao(["spawn", "app", task]).exitCode).toBe(0);
      const conversations = [await conversationOf(e2e, "app-1"), await conversationOf(e2e, "app-2")];
      expect(e2e.ao(["session", "kill", "app-3"]).exitCode).toBe(0);

      e2e.tmux(["kill-server"]);
      expect(e2e.sessions().map((s) => s.runtime.liveness)).toEqual(["missing", "missing", "missing"]);
      const started = e2e.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const answer = JSON.parse(started.stdout) as { pid: number; restored: Restored[] };
      daemons.push(answer.pid);
      expect(answer.restored).toEqual([
        expect.objectContaining({ session: "app-1", ok: true, action: "restored", resumed: true }),
        expect.objectContaining({ session: "app-2", ok: true, action: "restored", resumed: true }),
      ]);
      const starts = await eventually(() => {
        const all = agentStarts(e2e);
        return all.length === 5 ? all : undefined;
      }, "the two agents to start again");
      const resumedWith = starts.slice(3).map((start) => start.argv[start.argv.indexOf("--resume") + 1]);
      expect(resumedWith.sort()).toEqual([...conversations].sort());
      expect(e2e.sessions().map((s) => [s.id, s.runtime.liveness])).toEqual([
        ["app-1", "alive"],
        ["app-2", "alive"],
        ["app-3", "missing"],
      ]);

      // Started again with everything running: nothing to restore, nothing said.
      expect(e2e.ao(["stop"]).exitCode).toBe(0);
      const again = e2e.ao(["start"]);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.stdout).not.toContain("restored");
      const pid = /pid (\d+)/u.exec(again.stdout)?.[1];
      if (pid !== undefined) daemons.push(Number(pid));
    },
  );

  it(
    "restores nothing with --no-restore, neither itself nor through the daemon it starts",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      world = e2e;
      e2e.writeConfig("", "port: 0");
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      await conversationOf(e2e, "app-1");
      e2e.tmux(["kill-server"]);
      const started = e2e.ao(["start", "--json", "--no-restore"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const answer = JSON.parse(started.stdout) as { pid: number; restored: Restored[]; log: string };
      daemons.push(answer.pid);
      expect(answer.restored).toEqual([]);
      // The daemon restores (if it did) before it reports ready, so by now it would have.
      expect(readFileSync(answer.log, "utf8")).not.toMatch(/app-1: (recreating|restored|resum)/u);
      expect(agentStarts(e2e)).toHaveLength(1);
      expect(e2e.sessions().map((s) => s.runtime.liveness)).toEqual(["missing"]);
    },
  );
});
