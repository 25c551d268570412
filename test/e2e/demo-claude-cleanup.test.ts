import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { expectNothingLeft, interruptedDemo, sandboxOf } from "./demo-fixture.js";
import { FAKE_BIN } from "./e2e-fixture.js";

/**
 * `ao demo --agent claude-code` with the fake `claude` (test/fixtures/bin): a Claude Code that has
 * finished its onboarding (a hermetic CLAUDE_CONFIG_DIR), works on its task and waits, never
 * finishing the loop. Whether the demo times out or is interrupted, it must leave nothing behind
 * (docs/demo.md "Nothing left behind"): Claude Code's SessionEnd hook writes into the checkout as
 * its pane closes (issue 25: it recreated `.ao/agent-events.jsonl` after the worktree was removed).
 */
function world() {
  const tmp = makeTempDir("ao-demo-claude-tmp-");
  const home = makeTempDir("ao-demo-claude-home-");
  const userHome = makeTempDir("ao-demo-claude-user-");
  const configDir = join(userHome, ".claude");
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true }));
  const argvLog = join(userHome, "argv.log");
  const env = {
    AO_HOME: home,
    HOME: userHome,
    CLAUDE_CONFIG_DIR: configDir,
    TMPDIR: tmp,
    NO_COLOR: "1",
    FAKE_AGENT_ARGV_LOG: argvLog,
    PATH: `${FAKE_BIN}:${process.env["PATH"] ?? ""}`,
  };
  /** The fake claude really ran: it logged a start in a worktree of the sandbox. */
  const claudeStarted = (sandbox: string | undefined): boolean =>
    sandbox !== undefined &&
    existsSync(argvLog) &&
    readFileSync(argvLog, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .some((line) => (JSON.parse(line) as { cwd: string }).cwd.startsWith(sandbox));
  return { tmp, home, env, claudeStarted };
}

describe("ao demo --agent claude-code leaves nothing behind", () => {
  it(
    "when it times out: no tmux server, worktree, agent or temp dir of it remains",
    { timeout: 180_000 },
    () => {
      const { tmp, home, env, claudeStarted } = world();
      const run = runAo(["demo", "--agent", "claude-code", "--timeout", "10s"], { cwd: home, env });
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.stdout).toContain("spawned demo-1");
      expect(run.stderr).toMatch(/error: the demo loop did not finish in 10s/);
      const sandbox = sandboxOf(run.stdout);
      expect(claudeStarted(sandbox)).toBe(true);
      expect(run.stderr).not.toMatch(/could not remove|Directory not empty/);
      expectNothingLeft(tmp, sandbox);
      expect(readdirSync(home)).toEqual([]);
    },
  );

  it("when interrupted with Ctrl-C while the agent works", { timeout: 180_000 }, async () => {
    const { tmp, home, env, claudeStarted } = world();
    const { code, stdout, stderr } = await interruptedDemo(["--agent", "claude-code"], { cwd: home, env });
    expect(code, stderr).toBe(130);
    expect(stderr).toContain("error: the demo was interrupted");
    const sandbox = sandboxOf(stdout);
    expect(claudeStarted(sandbox)).toBe(true);
    expectNothingLeft(tmp, sandbox);
    expect(readdirSync(home)).toEqual([]);
  });
});
