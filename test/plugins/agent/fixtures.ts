import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentLaunchInput } from "../../../src/core/slots/index.js";
import type { ClaudePaths } from "../../../src/plugins/agent/claude-code.js";
import { compareVersions, versionIn } from "../../../src/core/doctor/check-agent-versions.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** test/fixtures/agents: what the real CLIs printed (see its README for versions). */
export const AGENT_FIXTURES = fileURLToPath(new URL("../../fixtures/agents/", import.meta.url));

/** test/fixtures/bin: the fake agent executables. */
export const FAKE_BIN = fileURLToPath(new URL("../../fixtures/bin/", import.meta.url));

export function fixture(agent: string, file: string): string {
  return readFileSync(join(AGENT_FIXTURES, agent, file), "utf8");
}

export function screen(agent: string, name: string): string {
  return fixture(agent, join("screens", `${name}.txt`));
}

/** A prompt file holding untrusted-looking task text, and a launch input for `worktree`. */
export function launchInput(worktree: string, overrides: Partial<AgentLaunchInput> = {}): AgentLaunchInput {
  const promptFile = join(makeTempDir("ao-prompt-"), "prompt.md");
  writeFileSync(promptFile, "Fix the flaky test in parser.ts $(rm -rf ~)\nMore detail.\n");
  return { sessionId: "app-1", worktree, promptFile, permissions: "default", ...overrides };
}

/**
 * Every option word in an argv (`--model`, `-c`), without its value. `--` ends options; words after
 * it, and words that do not start with a dash, are values or prompts.
 */
export function optionWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (const word of argv.slice(1)) {
    if (word === "--") break;
    if (/^--?[A-Za-z]/.test(word)) words.push(word.split("=")[0] ?? word);
  }
  return words;
}

/** True when `help` documents `flag` as an option (at a word boundary, not inside another flag). */
export function helpDocuments(help: string, flag: string): boolean {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[\\s,])${escaped}(?=[\\s,=<\\[]|$)`, "m").test(help);
}

/** Claude Code's config dir and state file (`.claude.json`) in a fresh temp dir: tests never touch this machine's. */
export function tempClaudePaths(): ClaudePaths {
  const dir = makeTempDir("ao-claude-config-");
  return { configDir: join(dir, ".claude"), stateFile: join(dir, ".claude.json") };
}

/**
 * Every recording of one agent's CLI, oldest first: the agent's folder itself (the first version
 * recorded) and each `<version>/` folder beside it (test/fixtures/agents/README.md). Each has its own
 * `version.txt`; tests that read recorded behaviour run once per recording.
 */
export function agentRecordings(agent: string): { version: string; dir: string }[] {
  const root = join(AGENT_FIXTURES, agent);
  const dirs = [
    root,
    ...readdirSync(root)
      .filter((name) => /^\d+\.\d+\.\d+$/.test(name))
      .map((name) => join(root, name)),
  ];
  return dirs
    .map((dir) => {
      const text = readFileSync(join(dir, "version.txt"), "utf8");
      return { version: versionIn(text) ?? text.trim(), dir };
    })
    .sort((a, b) => compareVersions(a.version, b.version));
}
