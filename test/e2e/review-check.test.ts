import { afterEach, describe, expect, it } from "vitest";
import { makeE2e, type E2e } from "./e2e-fixture.js";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
}, 60_000);

interface Checked {
  sessionIds: string[];
  ranBy: string;
  report: { sessions: number; errors: string[] } | null;
  sessions: { session: string; status: string; pr: number | null }[];
}

function check(e2e: E2e, args: string[] = []): Checked {
  const run = e2e.ao(["review-check", ...args, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Checked;
}

function writeWorld(e2e: E2e): void {
  e2e.writeConfig("tracker: local\nscm: local", "port: 0\ndaemon:\n  pollInterval: 10m");
}

describe("ao review-check (the original ao's command)", () => {
  it(
    "runs one fresh cycle for the sessions here, or through the running daemon",
    { timeout: 120_000 },
    () => {
      const e2e = makeE2e();
      writeWorld(e2e);
      expect(check(e2e)).toMatchObject({ sessionIds: [], report: null, sessions: [] });
      expect(e2e.ao(["review-check"]).stdout).toBe("no active sessions to check\n");
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);

      const here = check(e2e, ["app-1"]);
      expect(here).toMatchObject({
        sessionIds: ["app-1"],
        ranBy: "this process",
        report: { sessions: 1, errors: [] },
      });
      // The fake agent may have finished its task by now (a loaded machine is slow to get here).
      expect(here.sessions.map(({ session, pr }) => ({ session, pr }))).toEqual([
        { session: "app-1", pr: null },
      ]);
      expect(["working", "idle"]).toContain(here.sessions[0]?.status);

      stops.push(() => void e2e.ao(["stop"]));
      expect(e2e.ao(["start"]).exitCode).toBe(0);
      const viaDaemon = check(e2e, ["--project", "app"]);
      expect(viaDaemon).toMatchObject({ sessionIds: ["app-1"], ranBy: "daemon", report: { sessions: 1 } });
      const table = e2e.ao(["review-check"]);
      expect(table.stdout).toMatch(/^SESSION +STATUS +PR +REVIEW +THREADS +CI\napp-1 +\S+ +- /);
      expect(table.stderr).toContain("checked 1 session(s), run by daemon");

      const unknown = e2e.ao(["review-check", "app-9"]);
      expect(unknown.exitCode).toBe(2);
      expect(unknown.stderr).toContain("no active session app-9");
    },
  );
});
