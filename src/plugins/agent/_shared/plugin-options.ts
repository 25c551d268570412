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

/**
 * `protocol` and `acpArgv`, for the CLI agents that also run over ACP through an adapter
 * (docs/acp.md#protocol-acp-for-the-built-in-agents). `adapter` is the default argv, as said.
 */
function protocolOptions(adapter: string) {
  return {
    protocol: z.enum(["terminal", "acp"]).default("terminal").meta({
      description:
        "terminal: ao runs the agent's TUI in the runtime and reads its screen, hooks and transcripts. acp: ao's ACP host runs the agent's ACP adapter and reads replies, tool calls and permission questions as data (docs/acp.md).",
    }),
    acpArgv: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .meta({
        description: `With protocol acp: the ACP adapter's program (a name on PATH or an absolute path) and its arguments, never a shell string. Default: ${adapter}.`,
      }),
  };
}

/**
 * Options that mean something in one protocol only, refused in the other rather than ignored:
 * `acpArgv` without `protocol: acp`, and with it the terminal-only options that are set
 * (`terminalOnly` names those given a value other than their default).
 */
function protocolKeysCheck<T extends { protocol: "terminal" | "acp"; acpArgv?: string[] | undefined }>(
  terminalOnly: (options: T) => string[],
) {
  return (options: T, ctx: z.RefinementCtx): void => {
    if (options.protocol === "terminal") {
      if (options.acpArgv !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["acpArgv"],
          message: "acpArgv is used only with protocol: acp",
        });
      return;
    }
    for (const key of terminalOnly(options))
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `${key} is for protocol: terminal (the agent's TUI); with protocol: acp the adapter's program and arguments are acpArgv`,
      });
  };
}

/** `args` given, or `command` not its default: the TUI's, unused over ACP. */
function setTuiKeys(options: { command: string; args: string[] }, defaultCommand: string): string[] {
  return [
    ...(options.command === defaultCommand ? [] : ["command"]),
    ...(options.args.length === 0 ? [] : ["args"]),
  ];
}

export const claudeCodeOptions = cliAgentOptions("claude")
  .extend({
    ...protocolOptions("[claude-agent-acp]"),
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
  })
  .superRefine(
    protocolKeysCheck((options) => [
      ...setTuiKeys(options, "claude"),
      ...(options.permissionMode === undefined ? [] : ["permissionMode"]),
      ...(options.stillScreenAfter === "30s" ? [] : ["stillScreenAfter"]),
    ]),
  );

export type ClaudeCodeOptions = z.output<typeof claudeCodeOptions>;

export const codexOptions = cliAgentOptions("codex")
  .extend({
    ...protocolOptions("[codex-acp]"),
    trustWorktree: z.boolean().default(true).meta({
      description:
        "Mark the session's worktree trusted for this run (`-c projects.<path>.trust_level=trusted`), so Codex does not stop at its folder-trust dialog. Nothing is written to config.toml. Passed to codex-acp the same way with protocol acp.",
    }),
  })
  .superRefine(protocolKeysCheck((options) => setTuiKeys(options, "codex")));

export type CodexOptions = z.output<typeof codexOptions>;

export const geminiOptions = cliAgentOptions("gemini")
  .extend({
    ...protocolOptions("[<command>, --experimental-acp]"),
    trustWorktree: z.boolean().default(true).meta({
      description:
        "Trust the worktree for this session only (--skip-trust and GEMINI_CLI_TRUST_WORKSPACE=true), so Gemini CLI does not stop at its folder-trust dialog and loads ao's turn hooks from the workspace settings. With protocol acp: GEMINI_CLI_TRUST_WORKSPACE=true only.",
    }),
  })
  .superRefine(protocolKeysCheck((options) => (options.args.length === 0 ? [] : ["args"])));

export type GeminiOptions = z.output<typeof geminiOptions>;

export const aiderOptions = cliAgentOptions("aider");

export type AiderOptions = z.output<typeof aiderOptions>;

export const opencodeOptions = cliAgentOptions("opencode")
  .extend(protocolOptions("[<command>, acp]"))
  .superRefine(protocolKeysCheck((options) => (options.args.length === 0 ? [] : ["args"])));

export type OpencodeOptions = z.output<typeof opencodeOptions>;
