import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { claudeStateFile, preTrustWorktree } from "../../../src/plugins/agent/claude-code/pre-trust.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { AGENT_FIXTURES, tempClaudePaths } from "./fixtures.js";

/**
 * Claude Code 2.1.332 opens its trust dialog on "No, exit" for a folder whose
 * .claude/settings.local.json has hooks (recorded: 2.1.332/screens/folder-trust-local-hooks.txt);
 * with `projects[<dir>].hasTrustDialogAccepted` in ~/.claude.json it starts without it
 * (2.1.332/screens/pretrusted-start.txt, the seed the recording used is what ao writes).
 */
const recorded = join(AGENT_FIXTURES, "claude", "2.1.332");
interface ClaudeState {
  projects?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}
const state = (file: string) => JSON.parse(readFileSync(file, "utf8")) as ClaudeState;

describe("pre-trusting a worktree for Claude Code", () => {
  it("is what the recorded CLI needed: the dialog pre-selects No, exit; after the seed there is none", () => {
    const dialog = readFileSync(join(recorded, "screens/folder-trust-local-hooks.txt"), "utf8");
    expect(dialog).toMatch(/❯ No, exit\n\s+Yes, I trust this folder/);
    expect(readFileSync(join(recorded, "screens/pretrusted-start.txt"), "utf8")).not.toMatch(/trust/i);
    const after = state(join(recorded, "claude-json-after-start.json"));
    const [dir, entry] = Object.entries(after.projects ?? {})[0]!;
    expect(entry["hasTrustDialogAccepted"]).toBe(true);
    const file = join(makeTempDir("ao-claude-state-"), ".claude.json");
    preTrustWorktree(file, dir);
    expect(state(file)).toEqual({ projects: { [dir]: { hasTrustDialogAccepted: true } } });
  });

  it("prepareWorkspace marks exactly the worktree trusted and keeps the person's other keys", async () => {
    const paths = tempClaudePaths();
    const mine = {
      theme: "dark",
      projects: { "/elsewhere": { allowedTools: ["Bash"] } },
      mcpServers: { x: {} },
    };
    writeFileSync(paths.stateFile, JSON.stringify(mine));
    chmodSync(paths.stateFile, 0o640);
    const worktree = makeTestRepo().dir;
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, paths);
    await agent.prepareWorkspace?.({ sessionId: "app-1", worktree });
    expect(state(paths.stateFile)).toEqual({
      ...mine,
      projects: { ...mine.projects, [worktree]: { hasTrustDialogAccepted: true } },
    });
    expect(statSync(paths.stateFile).mode & 0o777).toBe(0o640);
    const before = readFileSync(paths.stateFile, "utf8");
    await agent.prepareWorkspace?.({ sessionId: "app-1", worktree });
    expect(readFileSync(paths.stateFile, "utf8")).toBe(before);
  });

  it("keeps what Claude Code already stores for the worktree", () => {
    const file = join(makeTempDir("ao-claude-state-"), ".claude.json");
    writeFileSync(file, JSON.stringify({ projects: { "/w": { lastVersionBase: "2.1.332" } } }));
    preTrustWorktree(file, "/w");
    expect(state(file).projects?.["/w"]).toEqual({
      lastVersionBase: "2.1.332",
      hasTrustDialogAccepted: true,
    });
  });

  it("refuses a file that is not a JSON object, naming it, and leaves it as it was", () => {
    const file = join(makeTempDir("ao-claude-state-"), ".claude.json");
    writeFileSync(file, "{ half");
    expect(() => preTrustWorktree(file, "/w")).toThrow(/\.claude\.json is not a JSON object/);
    expect(readFileSync(file, "utf8")).toBe("{ half");
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it("finds the state file where Claude Code does: $CLAUDE_CONFIG_DIR, else the home directory", () => {
    expect(claudeStateFile({ CLAUDE_CONFIG_DIR: "/c" }, "/home/p")).toBe("/c/.claude.json");
    expect(claudeStateFile({ CLAUDE_CONFIG_DIR: "" }, "/home/p")).toBe("/home/p/.claude.json");
  });
});
