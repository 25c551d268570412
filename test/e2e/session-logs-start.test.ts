import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { eventually, makeE2e, tmuxSessions, type E2e } from "./e2e-fixture.js";

interface Logs {
  source: string;
  text: string;
  note: string | null;
}

function logs(e2e: E2e): Logs {
  const run = e2e.ao(["session", "logs", "app-1", "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Logs;
}

/**
 * `ao session logs` said "never started" for an agent that had started (issue 25): one that printed
 * its error and exited during spawn's start-up watch, and one still running after `ao spawn` was
 * killed with SIGKILL during that watch. The built ao, real tmux, the fake claude.
 */
describe("ao session logs of an agent started by spawn", () => {
  it("shows what an agent that exited during the start-up watch printed", { timeout: 120_000 }, () => {
    const e2e = makeE2e();
    const spawned = e2e.ao(["spawn", "app", "Fix the login bug"], {
      env: { FAKE_AGENT_START_FAIL: "Invalid API key · Please run /login", AO_SPAWN_WATCH_MS: "10000" },
    });
    expect(spawned.exitCode, spawned.stderr + spawned.stdout).toBe(1);
    expect(spawned.stderr).toContain("claude-code exited at once with code 1");
    const shown = logs(e2e);
    expect(shown).toMatchObject({
      source: "kept",
      text: expect.stringContaining("Invalid API key") as unknown,
    });
    expect(shown.note).not.toContain("never started");
  });

  it(
    "shows the running agent's screen after ao spawn was killed during the watch",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      // The folder-trust dialog holds the agent in its start-up (shown even though ao pre-trusted the
      // worktree): its hooks name no conversation yet.
      const child = spawn(process.execPath, [AO_BIN, "spawn", "app", "Fix the login bug"], {
        cwd: e2e.configDir,
        env: { ...e2e.env, AO_SPAWN_WATCH_MS: "600000", FAKE_AGENT_TRUST_PROMPT: "always" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise((resolve) => child.on("exit", resolve));
      try {
        await eventually(() => (stderr.includes("watching claude-code") ? true : undefined), "the watch");
        await eventually(
          () => (paneText(e2e).includes("Is this a project you created") ? true : undefined),
          "the agent's first screen",
        );
      } finally {
        child.kill("SIGKILL");
        await exited;
      }
      expect(tmuxSessions(e2e)).toEqual(["app-1"]);
      const shown = logs(e2e);
      expect(shown).toMatchObject({ source: "screen", note: null });
      expect(shown.text).toContain("Is this a project you created or one you trust?");
    },
  );
});

function paneText(e2e: E2e): string {
  try {
    return e2e.tmux(["capture-pane", "-p", "-t", "app-1"]);
  } catch {
    return "";
  }
}
