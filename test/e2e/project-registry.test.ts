import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTestRepo } from "../helpers/git-repo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { eventually, makeE2e } from "./e2e-fixture.js";

describe("one AO_HOME, two config files (the built binary)", () => {
  it(
    "spawns into, lists and kills the other file's project from the second repository",
    { timeout: 120_000 },
    () => {
      const e2e = makeE2e();
      // Any command that loads the first file registers it in AO_HOME/configs.json.
      e2e.ao(["doctor", "--json"]);
      const other = makeTestRepo();
      const otherDir = makeTempDir("ao-cfg2-");
      writeFileSync(
        join(otherDir, "agent-orchestrator.yaml"),
        `projects:\n  other:\n    path: ${other.dir}\n`,
      );
      const inOther = (args: string[]) => runAo(args, { cwd: otherDir, env: e2e.env });

      const spawned = inOther(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      const listed = inOther(["session", "ls", "--json"]);
      expect(listed.exitCode, listed.stderr).toBe(0);
      const ids = (JSON.parse(listed.stdout) as { sessions: { id: string }[] }).sessions.map((s) => s.id);
      expect(ids).toContain("app-1");
      expect(inOther(["session", "kill", "app-1"]).exitCode).toBe(0);
    },
  );

  it(
    "one daemon, started from the second file, watches the first file's sessions too",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      const argv = JSON.stringify(["/bin/sh", "-c", "sleep 5; exit 3"]);
      e2e.writeConfig(`agent: { plugin: command, argv: ${argv} }\ntracker: local\nscm: local`);
      e2e.ao(["doctor", "--json"]);
      const other = makeTestRepo();
      const otherDir = makeTempDir("ao-cfg2-");
      writeFileSync(
        join(otherDir, "agent-orchestrator.yaml"),
        `port: 0\ndaemon:\n  pollInterval: 10m\nprojects:\n  other:\n    path: ${other.dir}\n`,
      );
      const inOther = (args: string[]) => runAo(args, { cwd: otherDir, env: e2e.env });
      expect(inOther(["start"]).exitCode).toBe(0);
      try {
        expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
        // Only the daemon decides `exited` (session ls reads the store); its poll is ten minutes
        // away, so the first file's session was watched by the second file's daemon.
        const ended = await eventually(() => {
          const session = e2e.sessions().find((s) => s.id === "app-1");
          return session?.status === "exited" ? session : undefined;
        }, "the daemon to see app-1 exit");
        expect(ended.status).toBe("exited");
      } finally {
        inOther(["stop"]);
      }
    },
  );
});
