import type { McpServerSpec } from "./mcp-server.js";
import type { Liveness } from "./runtime.js";
import type { AgentTurns, ToolKind } from "./turns.js";
import type { AgentUsage } from "./usage.js";

/**
 * agent: one AI coding CLI (claude-code, codex, aider, …). It knows how to launch and resume its
 * program and how to read what that program is doing; it never starts processes itself (the
 * runtime does) so the same agent works in tmux, a child process or a container.
 */

/** `permissionless` is an explicit per-project opt-in; the default never adds bypass flags. */
export type PermissionMode = "default" | "permissionless";

export interface AgentLaunchInput {
  sessionId: string;
  /** The session's workspace; the agent's working directory. */
  worktree: string;
  /**
   * The task prompt, in a file: untrusted text (issue bodies) never goes on a command line. An
   * agent passes the path, or reads the file and delivers it after start.
   */
  promptFile: string;
  permissions: PermissionMode;
  model?: string;
  /**
   * The tool kinds whose permission questions are answered "allow" without asking anyone (the
   * project's `agentConfig.autoAllow`); only an agent that `answersQuestions` is given any.
   */
  autoAllow?: readonly ToolKind[];
  /**
   * Only for a control-plane worker (a session a commander opened over MCP): ao's MCP server, to be
   * handed to the CLI for this invocation alone, with only `mcpServer.tools` allowed. Absent for
   * every other session; an agent without an MCP client ignores it (its reply comes from the turn).
   */
  mcpServer?: McpServerSpec;
}

export interface AgentResumeInput extends AgentLaunchInput {
  /** The agent's own conversation id, as reported by `activity`. */
  agentSessionId: string;
}

/** What the runtime should start. */
export interface LaunchSpec {
  argv: string[];
  env: Record<string, string>;
}

export const AGENT_ACTIVITIES = ["working", "idle", "needs_input", "exited", "unknown"] as const;
export type AgentActivity = (typeof AGENT_ACTIVITIES)[number];

export interface ActivityProbe {
  sessionId: string;
  worktree: string;
  /** What the runtime said; an agent reports `exited` only when this says the process is gone. */
  liveness: Liveness;
  /** The session's screen, when the runtime can capture it. */
  screen?: string;
  /**
   * How long `screen` has looked exactly like this, across probes (0: new or just changed); absent
   * when nobody kept count. A screen that matches none of the agent's known states and stands still
   * is a dialog it does not know: `needs_input`, never `working` (stillUnknownScreen).
   */
  screenStillMs?: number;
  /** The agent's own session id if an earlier probe found it. */
  agentSessionId?: string;
}

export interface ActivityReport {
  activity: AgentActivity;
  /** The agent's conversation id once known (from hooks, session files or the screen). */
  agentSessionId?: string;
  /** A short human-readable why, e.g. "permission prompt". Never the screen itself. */
  detail?: string;
  /**
   * With `needs_input`, from an agent that asks its questions as data (ACP's
   * `session/request_permission`): what it asks and the answers it offers. `ao approve` / `ao deny`
   * answer it; an agent that only shows its questions on a screen leaves it out.
   */
  question?: AgentQuestion;
  /**
   * A person drives the agent's own TUI (`ao session takeover`): what runs, in words. ao gives the
   * session no turn until `ao session handback`; queued turns wait.
   */
  takenOver?: string;
}

/** The kinds of answer ACP names; a person's `ao approve` picks an allow, `ao deny` a reject. */
export const QUESTION_OPTION_KINDS = ["allow_once", "allow_always", "reject_once", "reject_always"] as const;
export type QuestionOptionKind = (typeof QUESTION_OPTION_KINDS)[number];

/** A question an agent asked as data, pending until answered. */
export interface AgentQuestion {
  /** The agent's id of the question (its request's id): a second question has another one. */
  id: string;
  /** What it asks about, in the agent's words: the tool call's title ("Edit src/app.ts"). */
  title: string;
  /** The tool's kind when the agent said (read, edit, execute, …). */
  toolKind?: string;
  /** The answers offered, in the agent's order; an answer is given by its `id`. */
  /** `kind` is one of QUESTION_OPTION_KINDS as the agent sent it (kept as written when unknown). */
  options: { id: string; name: string; kind: string }[];
}

export interface WorkspacePreparation {
  sessionId: string;
  worktree: string;
}

/**
 * An agent's usage limit or rate limit, as its CLI printed it ("You've hit your session limit ·
 * resets 3pm (UTC)"). Core keeps one per agent on this machine: its sessions share the account.
 */
export interface UsageLimit {
  /** The agent's own words, one line, as printed. */
  words: string;
  /** When the CLI says the limit lifts (ms since the epoch); absent when it printed no time. */
  resetAt?: number;
}

/** The session whose signal file `AgentSignals.file` names. */
export interface SignalSource {
  readonly sessionId: string;
  readonly worktree: string;
  /** The agent's own conversation id, once ao learned it. */
  readonly agentSessionId?: string | undefined;
}

/**
 * The file an agent writes its signals to (its hooks, its plugin, its own record; one JSON object a
 * line), and which of those lines say something the daemon should look at the session for at once:
 * a turn ended, the agent waits for a person, it is ending. Every other line (a tool call) waits for
 * the poll. `file` answers undefined while there is no file to name yet (a conversation not yet
 * recorded); the daemon asks again at its next look.
 */
export interface AgentSignals {
  file(source: SignalSource): string | undefined;
  /** Pure; false for a line it does not recognise. */
  wakes(line: string): boolean;
}

/**
 * `AgentTurns` (turns.ts) is the optional turn capability: start, end and reply of each turn;
 * `AgentUsage` (usage.ts) the optional usage capability: the tokens its CLI recorded.
 */
export interface Agent extends AgentTurns, AgentUsage {
  launch(input: AgentLaunchInput): Promise<LaunchSpec>;
  /** Continues an earlier conversation after a restart. */
  resume?(input: AgentResumeInput): Promise<LaunchSpec>;
  activity(probe: ActivityProbe): Promise<ActivityReport>;
  /**
   * Writes what the agent needs in the workspace before launch (hooks, settings). Idempotent, and
   * leaves `git status` clean (files are git-ignored through .git/info/exclude) so nothing ao
   * writes is committed by accident.
   */
  prepareWorkspace?(input: WorkspacePreparation): Promise<void>;
  /**
   * Recognises the CLI's own usage-limit / rate-limit message in text it printed (the end of its
   * screen, a failed turn's words), reading the reset time the way the CLI formats it. `now` is
   * the context's clock. Pure; null when the text holds no limit message.
   */
  recognizeLimit?(text: string, now: number): UsageLimit | null;
  /**
   * The environment variables that choose which account the CLI spends (its API keys, its config
   * or home directory with the sign-in): sessions whose values differ are separate accounts, each
   * with its own usage limit (docs/limits-and-budgets.md, Accounts). Names only; ao fingerprints
   * the values and never stores or prints them. Absent: one account per agent on this machine.
   */
  readonly accountVariables?: readonly string[];
  /**
   * The id of the newest conversation the CLI itself recorded for this checkout (its transcripts,
   * rollouts or session files), what `resume` takes; undefined when it recorded none. Read-only.
   * `ao session remap` uses it to point a session at a conversation ao never saw start.
   */
  latestConversation?(worktree: string): Promise<string | undefined>;
  /**
   * Present on agents that ask their questions as data (`ActivityReport.question`) and take an
   * answer as the option's id typed into the session (`runtime.deliver`): what `ao approve` and
   * `ao deny` need. Absent: the agent's questions are answered on its screen.
   */
  readonly answersQuestions?: true;
  /**
   * Hands the conversation between ao and the agent's own TUI (`ao session takeover` /
   * `handback`, docs/acp.md "Taking over"): resolves once the agent says it happened, rejects with
   * the agent's reason when it refused (a turn runs). Present on ACP agents only.
   */
  handOver?(sessionId: string, to: "tui" | "ao"): Promise<void>;
  /** Present on agents whose hooks write to a file: the daemon watches it (docs/daemon.md). */
  readonly signals?: AgentSignals;
}
