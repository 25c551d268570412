/**
 * What `--skip-trust` sets, but only after Gemini CLI has read the workspace settings (recorded:
 * with the flag alone the hooks in .gemini/settings.json never load). In the environment from the
 * start, the worktree is trusted for this run and its settings, ao's hooks among them, load.
 */
export const GEMINI_TRUST_ENV: Readonly<Record<string, string>> = { GEMINI_CLI_TRUST_WORKSPACE: "true" };
