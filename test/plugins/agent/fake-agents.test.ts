import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Agent } from "../../../src/core/slots/index.js";
import { createAiderAgent } from "../../../src/plugins/agent/aider.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { FAKE_BIN, fixture, launchInput, tempClaudePaths } from "./fixtures.js";
import {
  aiderOptions,
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
  opencodeOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";

/**
 * The fakes parse argv as strictly as the real CLIs: every argv a plugin builds must get past
 * parsing (without a terminal a fake then stops with "not a terminal"), and a flag the real CLI does
 * not have must fail the way the real one fails (recorded in <agent>/unknown-flag.txt).
 */
function run(program: string, argv: string[], cwd: string) {
  const home = makeTempDir("ao-fake-home-");
  return spawnSync(join(FAKE_BIN, program), argv, {
    cwd,
    env: { PATH: process.env["PATH"], HOME: home },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

const agents: Record<string, () => Agent> = {
  claude: () =>
    createClaudeCodeAgent(
      claudeCodeOptions.parse({ permissionMode: "plan" }),
      process.execPath,
      tempClaudePaths(),
    ),
  codex: () => createCodexAgent(codexOptions.parse({}), "/nonexistent"),
  gemini: () => createGeminiAgent(geminiOptions.parse({}), "/nonexistent", makeTestContext().exec),
  opencode: () => createOpencodeAgent(opencodeOptions.parse({}), makeTestContext().exec),
  aider: () => createAiderAgent(aiderOptions.parse({})),
};

describe.each(Object.keys(agents))("fake %s", (program) => {
  it("accepts what the plugin launches with, in both permission modes", async () => {
    const worktree = makeTestRepo().dir;
    for (const permissions of ["default", "permissionless"] as const) {
      const { argv } = await agents[program]!().launch(launchInput(worktree, { permissions, model: "m" }));
      const result = run(program, argv.slice(1), worktree);
      expect(result.stderr).toContain("not a terminal");
    }
  });

  it("rejects a flag the real CLI does not have", () => {
    const result = run(program, ["--definitely-not-a-flag"], makeTempDir());
    expect(result.status).not.toBe(0);
    if (program !== "aider") {
      const recorded = fixture(program, "unknown-flag.txt");
      expect(recorded).toContain(`exit ${String(result.status)}`);
    }
  });
});

describe("fake claude", () => {
  it("refuses to resume a conversation it has no transcript of", () => {
    const result = run("claude", ["--resume", "4f1c0a52-0000-4000-8000-000000000000"], makeTempDir());
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("No conversation found with session ID");
  });
});
