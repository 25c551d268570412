// The hand-kept half of docs/map.md: the layers' arrows, where each user-visible action starts,
// and the glossary. scripts/generate-map.mjs checks every entry against the code (a named export
// that moved or was renamed fails the map test), so this table cannot silently go stale.

/**
 * Core files the dashboard's page may import: it runs in a browser, and an area's entry reaches Node
 * code, so the page, and the wire format it shares with the server (src/web/api/), import these
 * pure types and formatters directly rather than through their area's entry.
 */
export const BROWSER_CORE = [
  "src/core/fleet/status-words.ts",
  "src/core/fleet/zones.ts",
  "src/core/plans/estimate-format.ts",
  "src/core/plans/estimate-types.ts",
  "src/core/plans/run/plan-card-types.ts",
];

/**
 * What each layer may import. `from`: only these files of the layer may; `only`: only these targets
 * (a path ending in "/" is a folder). A layer missing from `imports` may not be imported at all.
 */
export const LAYERS = {
  cli: {
    what: "the commander program: a file per command group that parses flags, calls core once and renders",
    imports: {
      core: {},
      web: {
        from: [
          "src/cli/commands/dashboard.ts",
          "src/cli/commands/dashboard-devices.ts",
          "src/cli/commands/dashboard-push.ts",
          "src/cli/dashboard-remote-flags.ts",
          "src/cli/commands/start.ts",
        ],
      },
      mcp: {
        from: ["src/cli/commands/mcp.ts", "src/cli/commands/mcp-tokens.ts", "src/cli/commands/start.ts"],
      },
      plugins: {
        from: ["src/cli/main.ts", "src/cli/commands/acp-host.ts"],
        only: ["src/plugins/builtin-catalog.ts", "src/plugins/agent/acp/host/index.ts"],
      },
    },
  },
  web: {
    what: "the dashboard's server half: routes, the live feed (SSE), the terminal socket",
    imports: { core: {} },
  },
  "web/page": {
    what: "the dashboard's page for browsers (Preact + htm), bundled on its own",
    imports: { web: { only: ["src/web/api/"] }, core: { only: BROWSER_CORE } },
  },
  mcp: {
    what: "the control plane: MCP tools for commanders and workers, stdio and HTTP transports",
    imports: { core: {} },
  },
  core: { what: "the domain, written against the slot interfaces only", imports: {} },
  plugins: {
    what: "one file per built-in implementation of a slot, named as written in the YAML",
    imports: { core: { only: ["src/core/plugin-api.ts"] } },
  },
};

/** Where each user-visible action starts: a named export in a file. */
export const ACTIONS = [
  {
    action: "`ao spawn`: a session from a task",
    symbol: "spawnSession",
    file: "src/core/sessions/spawn-session.ts",
  },
  {
    action: "spawn's recorded, resumable steps",
    symbol: "runSpawnSteps",
    file: "src/core/sessions/spawn-run.ts",
  },
  {
    action: "`ao send`: a message as a turn",
    symbol: "sendMessage",
    file: "src/core/sessions/send-message.ts",
  },
  {
    action: "a turn given to an agent (CLI, reaction, control plane, plan)",
    symbol: "giveTurn",
    file: "src/core/turns/give-turn.ts",
  },
  { action: "`ao start`: the daemon", symbol: "runDaemon", file: "src/core/daemon/run-daemon.ts" },
  { action: "one lifecycle cycle", symbol: "runCycle", file: "src/core/lifecycle/run-cycle.ts" },
  {
    action: "which reactions a cycle's events call for (pure)",
    symbol: "planReactions",
    file: "src/core/lifecycle/plan-reactions.ts",
  },
  {
    action: "a reaction carried out",
    symbol: "performReaction",
    file: "src/core/lifecycle/perform-reaction.ts",
  },
  {
    action: "the dashboard's live feed",
    symbol: "eventStreamHandler",
    file: "src/web/server/event-stream.ts",
  },
  {
    action: "the control plane's commander tools",
    symbol: "registerCommanderTools",
    file: "src/mcp/commander-tools.ts",
  },
  {
    action: "a reviewed plan turned into tickets (pure)",
    symbol: "materialize",
    file: "src/core/plans/materialize.ts",
  },
  {
    action: "`ao acp-host`: an ACP session's host, between the runtime's terminal and the agent",
    symbol: "runAcpHost",
    file: "src/plugins/agent/acp/host/host.ts",
  },
  {
    action: "an error turned into `error:`/`hint:` output",
    symbol: "reportError",
    file: "src/cli/report-error.ts",
  },
];

/** Words that mean two things in this code base, and which is meant where. */
export const GLOSSARY = [
  [
    "plan (verb)",
    "what `planReactions` does each cycle: decide, purely, which reactions the cycle's events call for.",
  ],
  [
    "plan (noun)",
    "a reviewed plan: a proposal of tickets with dependencies, revised and approved by a person, then materialized into sessions (`src/core/plans/`, `ao plan`).",
  ],
  [
    "commander",
    "an agent (or person) that drives workers through the control plane (`ao mcp`), identified by its own token; not the `commander` npm package the CLI is built on.",
  ],
  [
    "worker",
    "a session opened by a commander through the control plane; it reports back with `orch_report`.",
  ],
  [
    "engine",
    "the lifecycle engine: the core code that runs a cycle around the lifecycle slot's pure `decide` (`src/core/lifecycle/engine.ts`); not a runtime or an agent.",
  ],
  ["lifecycle", "both the slot (`lifecycle: core`, the pure decision) and the daemon's cycle that calls it."],
  [
    "event log",
    "the `events` table in `ao.db`, what `ao events` and the dashboard read; not `AO_HOME/logs/` (pino's text logs) nor an agent's own `.ao/agent-events.jsonl` (its hooks' records).",
  ],
  [
    "session",
    "one task's worktree, branch, runtime session and agent in ao; an agent CLI's own session (its conversation id) is the agent's session id.",
  ],
  ["turn", "one message delivered to an agent and its work on it until it stops."],
];

/**
 * The files that start processes with node:child_process, and why each cannot go through
 * `ctx.exec` (which runs a command to completion and collects its output). The map fails to render
 * when a file is added or removed without this table.
 */
export const PROCESS_STARTERS = {
  "src/core/run-process.ts": "under `ctx.exec`: runs a command to completion (argument array, no shell)",
  "src/core/daemon/spawn-detached.ts": "starts the daemon detached from the command that asked for it",
  "src/core/daemon/keep-awake.ts": "holds `systemd-inhibit`/`caffeinate` for the daemon's lifetime",
  "src/plugins/runtime/process/launcher.ts": "the process runtime's agent, detached, outliving ao",
  "src/plugins/runtime/tmux/control-client.ts": "a long-lived `tmux -C` control client for live panes",
  "src/plugins/terminal/tmux-attach.ts": "a person's `tmux attach` in their own terminal",
  "src/plugins/scm/local/ci-runner.ts": "local CI, detached, running for minutes",
  "src/plugins/agent/acp/host/agent-process.ts":
    "the ACP agent of `ao acp-host`, its stdio piped for as long as it lives",
  "src/plugins/agent/acp/host/takeover.ts":
    "the agent's own TUI during `ao session takeover`, on the host's terminal until the handback",
};
