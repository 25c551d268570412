import { chmodSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";

const UNREACHABLE = fileURLToPath(new URL("../fixtures/bin/unreachable-agent.mjs", import.meta.url));
const VERSION = fileURLToPath(new URL("../fixtures/agents/claude/version.txt", import.meta.url));

/**
 * A `claude` on PATH that answers --version as the recorded Claude Code does and otherwise, after
 * the spawn's watch (AO_SPAWN_WATCH_MS below), prints the recorded "Unable to connect to Anthropic
 * services" screen and exits 1, as the real one did offline (issue 18).
 */
function fakeClaudeDir(): string {
  const dir = makeTempDir("ao-demo-died-bin-");
  const script = [
    "#!/bin/sh",
    `if [ "$1" = "--version" ]; then exec cat '${VERSION}'; fi`,
    `exec '${process.execPath}' '${UNREACHABLE}' --delay-ms 1500`,
    "",
  ].join("\n");
  writeFileSync(join(dir, "claude"), script);
  chmodSync(join(dir, "claude"), 0o755);
  return dir;
}

describe("ao demo --agent claude-code when the agent dies", () => {
  it(
    "stops with the agent's exit and last lines instead of waiting for the timeout",
    { timeout: 120_000 },
    () => {
      const tmp = makeTempDir("ao-demo-died-tmp-");
      const home = makeTempDir("ao-demo-died-home-");
      mkdirSync(join(home, ".claude"), { recursive: true });
      const env = {
        AO_HOME: home,
        HOME: home,
        TMPDIR: tmp,
        NO_COLOR: "1",
        AO_SPAWN_WATCH_MS: "200",
        PATH: `${fakeClaudeDir()}:${process.env["PATH"] ?? ""}`,
      };
      // The default timeout with a real agent is 20 minutes; this one is 10: only the exit can end it.
      const run = runAo(["demo", "--agent", "claude-code", "--timeout", "10m"], { cwd: home, env });
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.stdout).toContain("spawned demo-1");
      expect(run.stdout).toContain("claude-code in demo-1 exited with exit code 1 before the loop finished");
      expect(run.stdout).toContain("Failed to connect to api.anthropic.com: ENOTFOUND");
      expect(run.stdout).not.toMatch(/stuck: no merge/);
      expect(run.stderr).toContain("error: the demo stopped: claude-code in demo-1 exited with exit code 1");
      expect(run.stderr).toContain("`ao doctor` checks claude-code's login");
      expect(readdirSync(tmp)).toEqual([]);
    },
  );
});
