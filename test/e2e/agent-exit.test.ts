import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

const AGENT = fileURLToPath(new URL("../fixtures/bin/unreachable-agent.mjs", import.meta.url));
const KEY = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345";

/** What the agent printed that ao keeps: the recorded Claude Code lines with a word in them, and ours. */
const LAST_LINES = [
  "Welcome to Claude Code v2.1.197",
  " Unable to connect to Anthropic services",
  " Failed to connect to api.anthropic.com: ENOTFOUND",
  " Please check your internet connection and network settings.",
  " Note: Claude Code might not be available in your country. Check supported countries at https://anthropic.com/supported-countries",
  "using key [redacted]",
];

interface ExitJson {
  id: string;
  status: string;
  reason: string | null;
  runtime: { liveness: string; exitCode?: number | null };
  exit: { exitCode: number | null; lastLines: string[]; seenAt: string } | null;
}

function listed(e2e: E2e, args: string[]): ExitJson | undefined {
  const run = e2e.ao([...args, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { sessions: ExitJson[] }).sessions.find((view) => view.id === "app-1");
}

describe("why a session ended (tmux, an agent that cannot reach its service, the built binary)", () => {
  it(
    "ao status and ao session ls show the exit code and the agent's last lines, redacted, also once the pane is gone",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      const argv = JSON.stringify([process.execPath, AGENT, "--print", `using key ${KEY}`]);
      e2e.writeConfig(`agent:\n  plugin: command\n  argv: ${argv}`);
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);

      // `ao status` is the first to see the dead pane: it keeps what the pane shows now.
      const seen = await eventually(() => {
        const view = listed(e2e, ["status"]);
        return view?.runtime.liveness === "exited" ? view : undefined;
      }, "the agent to exit");
      expect(seen.runtime.exitCode).toBe(1);
      expect(seen.exit).toMatchObject({ exitCode: 1, lastLines: LAST_LINES });
      expect(JSON.stringify(seen)).not.toContain(KEY);

      const table = e2e.ao(["status"]);
      expect(table.exitCode, table.stderr).toBe(0);
      expect(table.stdout).toMatch(/^app-1 .* exited 1 /m);
      expect(table.stdout).toContain("app-1: the agent exited with exit code 1; its last lines:\n");
      expect(table.stdout).toContain("\n   Failed to connect to api.anthropic.com: ENOTFOUND\n");
      expect(table.stdout).toContain("\n  using key [redacted]\n");
      expect(table.stdout).not.toContain(KEY);
      expect(e2e.ao(["session", "ls"]).stdout).toContain(
        "app-1: the agent exited with exit code 1; its last lines:\n  Welcome to Claude Code v2.1.197\n",
      );
      expect(listed(e2e, ["session", "ls"])?.exit).toEqual(seen.exit);

      // Two lifecycle looks confirm the exit: the session is `exited`, its reason says it failed.
      for (let look = 0; look < 2; look += 1) expect(e2e.ao(["status", "--refresh"]).exitCode).toBe(0);
      const exited = listed(e2e, ["session", "ls", "--all"]);
      expect(exited).toMatchObject({ status: "exited", reason: "agent_failed", exit: seen.exit });

      // The pane (and the tmux server) gone: the kept lines are still what ao shows.
      e2e.tmux(["kill-server"]);
      const gone = listed(e2e, ["session", "ls", "--all"]);
      expect(gone?.runtime.liveness).toBe("missing");
      expect(gone?.exit).toEqual(seen.exit);
      expect(e2e.ao(["session", "ls", "--all"]).stdout).toContain("app-1: the agent exited with exit code 1");
    },
  );
});
