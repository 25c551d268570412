import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PluginCheck, PluginCheckContext } from "../../../src/core/plugin-api.js";
import { plugin as claudeCode } from "../../../src/plugins/agent/claude-code.js";
import { checkClaudeOnboarding } from "../../../src/plugins/agent/claude-code/onboarding-check.js";
import { preTrustWorktree } from "../../../src/plugins/agent/claude-code/pre-trust.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { AGENT_FIXTURES } from "./fixtures.js";

/** ~/.claude.json as Claude Code 2.1.332 left it after a start (test/fixtures/agents/README.md). */
const AFTER_START_2_1_332 = join(AGENT_FIXTURES, "claude/2.1.332/claude-json-after-start.json");
/** What the 2.1.197 recordings seeded ~/.claude.json with to start past the onboarding (same README). */
const SEED_2_1_197 = '{"hasCompletedOnboarding":true,"theme":"dark"}';

function stateFile(text?: string): string {
  const file = join(makeTempDir("ao-claude-state-"), ".claude.json");
  if (text !== undefined) writeFileSync(file, text);
  return file;
}

describe("claude-code's first-run set-up check", () => {
  it("is ok for the state files the recorded CLIs started past the onboarding with", () => {
    const recorded = stateFile();
    copyFileSync(AFTER_START_2_1_332, recorded);
    expect(checkClaudeOnboarding(recorded)).toMatchObject({ status: "ok" });
    expect(checkClaudeOnboarding(stateFile(SEED_2_1_197))).toMatchObject({ status: "ok" });
  });

  it("fails when the file does not exist, or holds only what ao's pre-trust wrote", () => {
    const missing = stateFile();
    expect(checkClaudeOnboarding(missing)).toMatchObject({
      id: "agent:claude-code:onboarding",
      status: "fail",
      detail: expect.stringContaining("does not exist") as string,
    });
    preTrustWorktree(missing, "/work/some-worktree");
    const check = checkClaudeOnboarding(missing);
    expect(check.status).toBe("fail");
    expect(check.detail).toContain("has no `hasCompletedOnboarding: true`");
    expect(check.fix).toContain("run `claude` once");
  });

  it("fails `hasCompletedOnboarding: false` and warns about a file that is not JSON", () => {
    expect(checkClaudeOnboarding(stateFile('{"hasCompletedOnboarding":false}')).status).toBe("fail");
    expect(checkClaudeOnboarding(stateFile("{not json")).status).toBe("warn");
  });

  it("is asked by the plugin's doctor at $CLAUDE_CONFIG_DIR/.claude.json, only once the CLI is installed", async () => {
    const home = makeTempDir("ao-claude-home-");
    const configDir = join(home, "claude-config");
    mkdirSync(configDir);
    copyFileSync(AFTER_START_2_1_332, join(configDir, ".claude.json"));
    const doctor = (PATH: string, env: Record<string, string> = {}) =>
      (
        claudeCode as unknown as {
          doctor: (options: unknown, ctx: PluginCheckContext) => Promise<readonly PluginCheck[]>;
        }
      ).doctor({}, {
        env: { HOME: home, PATH, ANTHROPIC_API_KEY: "sk-ant-test", ...env },
        platform: "linux",
        exec: undefined,
      } as unknown as PluginCheckContext);
    const installed = makeBinDir({ fake: { claude: "exit 0" } });
    const onboarding = async (checks: Promise<readonly PluginCheck[]>) =>
      (await checks).find((check) => check.id === "agent:claude-code:onboarding")?.status;
    expect(await onboarding(doctor(installed))).toBe("fail");
    expect(await onboarding(doctor(installed, { CLAUDE_CONFIG_DIR: configDir }))).toBe("ok");
    expect(await onboarding(doctor(makeBinDir({ fake: {} })))).toBeUndefined();
  });
});
