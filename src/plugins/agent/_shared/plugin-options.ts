import { z } from "zod";
import { DURATION_PATTERN } from "../../../core/plugin-api.js";

// The option schemas of the CLI agents, in one module that each agent imports on the first options
// it is given: building zod schemas takes milliseconds that `ao status` (which gives none) skips.

/**
 * Options every CLI agent takes: which program to run (a name on PATH or a path) and extra
 * arguments placed before the prompt, for flags ao has no option for.
 */
export function cliAgentOptions(defaultCommand: string) {
  return z.strictObject({
    command: z
      .string()
      .min(1)
      .default(defaultCommand)
      .meta({ description: `The ${defaultCommand} program: a name on PATH or an absolute path.` }),
    args: z
      .array(z.string())
      .default([])
      .meta({ description: "Extra arguments passed on every launch and resume, before the prompt." }),
  });
}

export const claudeCodeOptions = cliAgentOptions("claude").extend({
  permissionMode: z
    .enum(["default", "acceptEdits", "plan"])
    .optional()
    .meta({ description: "Claude Code's --permission-mode when the project does not run permissionless." }),
  stillScreenAfter: z
    .string()
    .regex(DURATION_PATTERN, { error: 'expected a duration such as "30s" or "2m"' })
    .default("30s")
    .meta({
      description:
        "How long a screen that matches no state ao knows (working, idle, a known dialog) must stand still before the session counts as needs_input, showing its last lines: a dialog of a newer Claude Code.",
    }),
});

export type ClaudeCodeOptions = z.output<typeof claudeCodeOptions>;

export const codexOptions = cliAgentOptions("codex").extend({
  trustWorktree: z.boolean().default(true).meta({
    description:
      "Mark the session's worktree trusted for this run (`-c projects.<path>.trust_level=trusted`), so Codex does not stop at its folder-trust dialog. Nothing is written to config.toml.",
  }),
});

export type CodexOptions = z.output<typeof codexOptions>;

export const geminiOptions = cliAgentOptions("gemini").extend({
  trustWorktree: z.boolean().default(true).meta({
    description:
      "Trust the worktree for this session only (--skip-trust and GEMINI_CLI_TRUST_WORKSPACE=true), so Gemini CLI does not stop at its folder-trust dialog and loads ao's turn hooks from the workspace settings.",
  }),
});

export type GeminiOptions = z.output<typeof geminiOptions>;

export const aiderOptions = cliAgentOptions("aider");

export type AiderOptions = z.output<typeof aiderOptions>;

export const opencodeOptions = cliAgentOptions("opencode");

export type OpencodeOptions = z.output<typeof opencodeOptions>;
