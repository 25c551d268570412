import { emptyCatalog, type PluginCatalog } from "../core/plugin-api.js";

/**
 * The plugins that ship with ao, by slot and by the name written in agent-orchestrator.yaml, and
 * which of them a configuration gets where it names none (`defaults`). Each entry is a lazy import:
 * nothing here loads until a command resolves that plugin.
 */
export const builtinCatalog: PluginCatalog = {
  ...emptyCatalog(),
  runtime: {
    tmux: () => import("./runtime/tmux.js"),
    process: () => import("./runtime/process.js"),
    kubernetes: () => import("./runtime/kubernetes.js"),
    docker: () => import("./runtime/docker.js"),
  },
  agent: {
    "claude-code": () => import("./agent/claude-code.js"),
    codex: () => import("./agent/codex.js"),
    aider: () => import("./agent/aider.js"),
    opencode: () => import("./agent/opencode.js"),
    gemini: () => import("./agent/gemini.js"),
    command: () => import("./agent/command.js"),
    acp: () => import("./agent/acp.js"),
  },
  workspace: {
    worktree: () => import("./workspace/worktree.js"),
    clone: () => import("./workspace/clone.js"),
  },
  tracker: {
    local: () => import("./tracker/local.js"),
    linear: () => import("./tracker/linear.js"),
    github: () => import("./tracker/github.js"),
  },
  scm: {
    local: () => import("./scm/local.js"),
    github: () => import("./scm/github.js"),
  },
  notifier: {
    desktop: () => import("./notifier/desktop.js"),
    slack: () => import("./notifier/slack.js"),
    webhook: () => import("./notifier/webhook.js"),
  },
  terminal: {
    "tmux-attach": () => import("./terminal/tmux-attach.js"),
    web: () => import("./terminal/web.js"),
    iterm2: () => import("./terminal/iterm2.js"),
  },
  lifecycle: {
    core: () => import("./lifecycle/core.js"),
  },
  defaults: {
    runtime: "tmux",
    agent: "claude-code",
    workspace: "worktree",
    terminal: "tmux-attach",
    lifecycle: "core",
    notifiers: ["desktop"],
    withRepo: { tracker: "github", scm: "github" },
  },
};
