import type { AcpAdapter } from "../_shared/acp-mode.js";

/**
 * opencode's ACP mode is opencode itself: `<command> acp` (recorded: 1.18.33). `opencode acp`
 * has no model argument (its `--help` lists none): the model is opencode's configured one.
 * `--version` prints its version.
 */
export function opencodeAcpAdapter(options: { command?: string }): AcpAdapter {
  return {
    argv: [options.command ?? "opencode", "acp"],
    install: "opencode-ai",
    versionArgs: ["--version"],
  };
}
