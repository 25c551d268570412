import type { AcpAdapter } from "../_shared/acp-mode.js";
import { GEMINI_TRUST_ENV } from "./trust-env.js";

/**
 * gemini's ACP mode is Gemini CLI itself: `<command> --experimental-acp` (recorded: 0.61.0),
 * with the session's model as `--model` and, with `trustWorktree`, the worktree trusted through
 * GEMINI_CLI_TRUST_WORKSPACE. `--version` prints its version.
 */
export function geminiAcpAdapter(options: { command?: string; trustWorktree?: boolean }): AcpAdapter {
  const env = options.trustWorktree === false ? {} : { ...GEMINI_TRUST_ENV };
  return {
    argv: [options.command ?? "gemini", "--experimental-acp"],
    install: "@google/gemini-cli",
    versionArgs: ["--version"],
    launchExtras: (input) => ({ args: input.model === undefined ? [] : ["--model", input.model], env }),
  };
}
