import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  agentStarts,
  conversationOf,
  eventually,
  killDaemons,
  makeE2e,
  tmuxSessions,
  type E2e,
} from "./e2e-fixture.js";

/**
 * The running daemon notices by itself that the agents went away under live sessions — ao's tmux
 * server lost, or a clock jump (the machine slept) — and restores the sessions that were live with
 * their conversations, without `ao start` (issue 29, "Surviving sleep and reboot"). The built ao,
 * real tmux, git and SQLite, the fake claude.
 */
let world: E2e | undefined;
const daemons: number[] = [];
afterEach(() => {
  killDaemons(daemons);
  for (const id of ["app-1", "app-2", "app-3", "app-4"]) world?.ao(["session", "kill", id]);
  world = undefined;
});

interface Recovered {
  trigger: string;
  restored: { sessionId: string; resumed: boolean }[];
  failed: unknown[];
  running: string[];
}

function startDaemon(e2e: E2e): void {
  e2e.writeConfig("", "port: 0\ndaemon:\n  pollInterval: 1s");
  const started = e2e.ao(["start", "--json"]);
  expect(started.exitCode, started.stderr).toBe(0);
  daemons.push((JSON.parse(started.stdout) as { pid: number }).pid);
}

function recoveries(e2e: E2e): Recovered[] {
  const run = e2e.ao(["events", "--json", "--type", "daemon.recovered"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { events: { payload: Recovered }[] }).events.map(
    (event) => event.payload,
  );
}

/** Until the daemon has run a whole cycle that began after now: it has seen the fleet as it is. */
async function aCycleLater(e2e: E2e): Promise<void> {
  const since = Date.now();
  await eventually(() => {
    const status = JSON.parse(e2e.ao(["status", "--json"]).stdout) as {
      daemon?: { lastCycle?: { at: number } };
    };
    return (status.daemon?.lastCycle?.at ?? 0) > since ? true : undefined;
  }, "a daemon cycle");
}

/** The conversations the agents were started again with (`--resume <id>`), after the first `first` starts. */
async function resumedAfter(e2e: E2e, first: number, count: number): Promise<string[]> {
  const starts = await eventually(() => {
    const all = agentStarts(e2e);
    return all.length >= first + count ? all : undefined;
  }, "the agents to start again");
  return starts.slice(first).map((start) => start.argv[start.argv.indexOf("--resume") + 1] ?? "");
}

describe("the running daemon restores by itself", () => {
  it(
    "after ao's tmux server is lost: the live sessions, not the killed or the exited one",
    { timeout: 300_000 },
    async () => {
      const e2e = makeE2e();
      world = e2e;
      startDaemon(e2e);
      for (const task of ["Fix the login bug", "Add a README", "Tidy the tests", "Bump a version"])
        expect(e2e.ao(["spawn", "app", task]).exitCode).toBe(0);
      const conversations = [await conversationOf(e2e, "app-1"), await conversationOf(e2e, "app-2")];
      expect(e2e.ao(["session", "kill", "app-3"]).exitCode).toBe(0);
      e2e.tmux(["kill-session", "-t", "=app-4"]);
      await eventually(
        () => (e2e.sessions().find((s) => s.id === "app-4")?.status === "exited" ? true : undefined),
        "app-4 to be seen exited",
      );
      await aCycleLater(e2e);
      const before = agentStarts(e2e).length;

      e2e.tmux(["kill-server"]);
      const [recovered] = await eventually(() => {
        const found = recoveries(e2e);
        return found.length > 0 ? found : undefined;
      }, "the daemon's recovery");
      expect(recovered).toEqual({
        trigger: "tmux-server-lost",
        why: expect.stringContaining("tmux server is gone") as unknown,
        restored: [
          { sessionId: "app-1", resumed: true },
          { sessionId: "app-2", resumed: true },
        ],
        failed: [],
        running: [],
      });
      expect((await resumedAfter(e2e, before, 2)).sort()).toEqual([...conversations].sort());
      expect(
        e2e
          .sessions()
          .map((s) => [
            s.id,
            s.status === "killed" || s.status === "exited" ? s.status : "live",
            s.runtime.liveness,
          ]),
      ).toEqual([
        ["app-1", "live", "alive"],
        ["app-2", "live", "alive"],
        ["app-3", "killed", "missing"],
        ["app-4", "exited", "missing"],
      ]);
      const status = e2e.ao(["status"]);
      expect(status.stdout).toMatch(
        /daemon recovered .* ago \(tmux-server-lost\): restored app-1 \(conversation resumed\), app-2/,
      );
      // The restored server is seen running again; nothing more is restored.
      await aCycleLater(e2e);
      expect(recoveries(e2e)).toHaveLength(1);
    },
  );

  it(
    "not after the last session is killed on purpose, though tmux exits with it",
    { timeout: 240_000 },
    async () => {
      const e2e = makeE2e();
      world = e2e;
      startDaemon(e2e);
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      await conversationOf(e2e, "app-1");
      await aCycleLater(e2e);
      const before = agentStarts(e2e).length;

      const killed = e2e.ao(["session", "kill", "app-1"]);
      expect(killed.exitCode, killed.stderr).toBe(0);
      expect(tmuxSessions(e2e)).toEqual([]); // tmux exited with its last session
      // Two whole cycles after the kill: a loss would have been sighted and confirmed by then.
      await aCycleLater(e2e);
      await aCycleLater(e2e);
      await aCycleLater(e2e);
      expect(recoveries(e2e)).toEqual([]);
      expect(agentStarts(e2e)).toHaveLength(before);
      expect(e2e.sessions().map((s) => [s.id, s.status, s.runtime.liveness])).toEqual([
        ["app-1", "killed", "missing"],
      ]);
    },
  );

  it(
    "after a clock jump (AO_CLOCK_FILE moved 10 minutes): the session whose agent is gone",
    { timeout: 240_000 },
    async () => {
      const e2e = makeE2e();
      world = e2e;
      const clockFile = join(e2e.userHome, "clock");
      writeFileSync(clockFile, "0\n");
      e2e.env["AO_CLOCK_FILE"] = clockFile;
      startDaemon(e2e);
      for (const task of ["Fix the login bug", "Add a README"])
        expect(e2e.ao(["spawn", "app", task]).exitCode).toBe(0);
      const conversation = await conversationOf(e2e, "app-1");
      await conversationOf(e2e, "app-2");
      await aCycleLater(e2e);
      const before = agentStarts(e2e).length;

      // The machine "slept": app-1's agent did not survive it, the tmux server (with app-2) did.
      e2e.tmux(["kill-session", "-t", "=app-1"]);
      writeFileSync(clockFile, `${10 * 60_000}\n`);
      const [recovered] = await eventually(() => {
        const found = recoveries(e2e);
        return found.length > 0 ? found : undefined;
      }, "the daemon's recovery");
      expect(recovered).toMatchObject({
        trigger: "clock-jump",
        restored: [{ sessionId: "app-1", resumed: true }],
        failed: [],
        running: ["app-2"],
      });
      expect(await resumedAfter(e2e, before, 1)).toEqual([conversation]);
      expect(e2e.sessions().map((s) => [s.id, s.runtime.liveness])).toEqual([
        ["app-1", "alive"],
        ["app-2", "alive"],
      ]);
    },
  );
});
