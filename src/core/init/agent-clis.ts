/**
 * The agent CLIs ao knows how to find, in the order `ao init` prefers them. `plugin` is the name
 * written in agent-orchestrator.yaml (`agent: claude-code`), `binary` the executable on PATH, and
 * `install` the command that puts it there (doctor prints it as the fix).
 */
export interface AgentCli {
  readonly plugin: string;
  readonly binary: string;
  readonly install: string;
}

export const AGENT_CLIS: readonly AgentCli[] = [
  { plugin: "claude-code", binary: "claude", install: "npm i -g @anthropic-ai/claude-code" },
  { plugin: "codex", binary: "codex", install: "npm i -g @openai/codex" },
  { plugin: "aider", binary: "aider", install: "pipx install aider-chat" },
  { plugin: "opencode", binary: "opencode", install: "npm i -g opencode-ai" },
  { plugin: "gemini", binary: "gemini", install: "npm i -g @google/gemini-cli" },
];

/** The plugin init falls back to when no agent CLI is installed (the design's default agent). */
export const DEFAULT_AGENT_PLUGIN = "claude-code";

export function agentCliForPlugin(plugin: string): AgentCli | undefined {
  return AGENT_CLIS.find((cli) => cli.plugin === plugin);
}
