import type { AcpAdapter } from "../_shared/acp-mode.js";
import { trustOverride } from "./trust-override.js";

/**
 * codex's ACP adapter, `codex-acp` (@zed-industries/codex-acp; recorded: 0.16.0), a native binary
 * with Codex built in that reads ~/.codex like codex. It takes Codex's `-c key=value` overrides:
 * the trusted worktree (`trustWorktree`) and the session's model (`-c model="…"`). It has no
 * `--version` (an unknown argument to it).
 */
export function codexAcpAdapter(options: { trustWorktree?: boolean }): AcpAdapter {
  return {
    argv: ["codex-acp"],
    install: "@zed-industries/codex-acp",
    launchExtras: (input) => ({
      args: [
        ...(options.trustWorktree === false ? [] : ["-c", trustOverride(input.worktree)]),
        ...(input.model === undefined ? [] : ["-c", `model=${JSON.stringify(input.model)}`]),
      ],
      env: {},
    }),
  };
}
