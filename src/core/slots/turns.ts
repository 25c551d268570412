import type { Liveness } from "./runtime.js";

/**
 * A turn: one message delivered to an agent, and the agent's work on it until it stops. Core owns
 * the turn's record (the `turns` table) and its order per session; the agent plugin says when the
 * agent started and ended the turn and what it replied, from the strongest signal its CLI has
 * (hooks, a transcript or rollout file, else the screen). This file is that contract.
 */

/**
 * queued → delivering → running → completed | interrupted | failed | empty. `empty` is a turn that
 * ended with no reply: never an empty success. `failed` carries the agent's own words.
 */
export const TURN_STATUSES = [
  "queued",
  "delivering",
  "running",
  "completed",
  "interrupted",
  "failed",
  "empty",
] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

/** The statuses a turn never leaves. */
export const ENDED_TURN_STATUSES = ["completed", "interrupted", "failed", "empty"] as const;
export type EndedTurnStatus = (typeof ENDED_TURN_STATUSES)[number];

/**
 * Who gave the turn: a person at the CLI, a lifecycle reaction, a commander over MCP, or the spawn
 * (the task the agent was started with: its first prompt).
 */
export const TURN_ORIGINS = ["cli", "reaction", "mcp", "spawn"] as const;
export type TurnOrigin = (typeof TURN_ORIGINS)[number];

/** Where a reply was read: the agent's hook payload, its transcript (or rollout) file, or its screen. */
export const REPLY_SOURCES = ["hook", "transcript", "screen"] as const;
export type ReplySource = (typeof REPLY_SOURCES)[number];

/** A key a runtime can press in a session (`Runtime.press`). */
export type RuntimeKey = "Escape" | "C-c" | "Enter" | "C-u" | "Up" | "Down";

/** What an agent is asked when a turn begins: before the message is delivered. */
export interface TurnCursorProbe {
  sessionId: string;
  worktree: string;
  liveness: Liveness;
  /** The session's screen before delivery, when the runtime can capture it. */
  screen?: string;
  agentSessionId?: string;
  /**
   * Only when the cursor is taken: the message about to be delivered, so an observer can tell its
   * echo from the reply (core's screen observer keeps hashes of its lines). Never stored as text.
   */
  messageText?: string;
  /**
   * Only for the spawn's task (docs/turns.md#the-spawns-task): the cursor is taken before the agent
   * starts, with no screen, and the task reaches the agent on its command line, not as a paste.
   */
  spawn?: boolean;
}

/** What an agent is asked while a turn is open. */
export interface TurnProbe extends TurnCursorProbe {
  /**
   * Opaque to core: what `turnCursor` returned before delivery, then whatever the last
   * `observeTurn` returned. Stored with the turn, so any ao process (the CLI waiting, the daemon,
   * `ao turns`) can pick the observation up where the last one stopped, after a crash too.
   */
  cursor: string;
  /** The message as delivered (its text is not kept once delivered). */
  message: { sha256: string; bytes: number };
  /** When the runtime confirmed delivery (ms since the epoch). */
  deliveredAt: number;
  /** Now (ms since the epoch), from the context's clock. */
  now: number;
}

/**
 * What the agent's signals say about the open turn. Core serialises turns per session, so the first
 * start after the cursor is this turn's. `reply` is the agent's final message for the turn, as
 * written; core makes a `completed` turn with a blank reply `empty`. Times are the agent's own
 * when its signals carry them.
 */
export type TurnSignal =
  | { state: "waiting"; cursor: string }
  | { state: "running"; cursor: string; startedAt?: number }
  | {
      state: "ended";
      cursor: string;
      outcome: "completed" | "failed" | "interrupted";
      reply: string;
      source: ReplySource;
      /** The agent's own words when it failed (no login, model retired, service unreachable). */
      error?: string;
      startedAt?: number;
      endedAt?: number;
      /**
       * What the agent did in the turn, from an agent that reports it as data (ACP's tool calls and
       * plan): kept with the turn and shown by `ao turns show`. Absent: the agent did not say.
       */
      work?: TurnWork;
    };

/** The tool calls and plan of one turn, compact: enough to see what the agent did, not the diffs. */
export interface TurnWork {
  readonly tools: readonly TurnToolCall[];
  /** The agent's plan as it last stood in the turn (each plan update replaces the whole plan). */
  readonly plan: readonly TurnPlanEntry[];
}

/** ACP's tool kinds (`ToolKind`): what `agentConfig.autoAllow` may name. */
export const TOOL_KINDS = [
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "execute",
  "think",
  "fetch",
  "switch_mode",
  "other",
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export interface TurnToolCall {
  /** The agent's kind of tool (one of TOOL_KINDS as the agent sent it; `other` when it sent none). */
  readonly kind: string;
  readonly title: string;
  /** Its last status (pending, in_progress, completed, failed). */
  readonly status: string;
  /** The files it touched, as the agent named them (`path` or `path:line`). */
  readonly files: readonly string[];
  /**
   * The option ao chose itself when the agent asked permission for this call, because the project's
   * `agentConfig.autoAllow` names its kind (docs/acp.md#auto-allowed-tool-kinds). Absent: nobody
   * was asked, or a person or commander answered.
   */
  readonly autoAllowed?: string;
  /**
   * How a person (or a commander) answered the agent's permission question for this call: the
   * option chosen and its ACP kind (`allow_once`, `allow_always`, `reject_once`, `reject_always`), or
   * kind `cancelled`. Absent: nobody was asked, or ao answered it itself (`autoAllowed`).
   */
  readonly answered?: { readonly option: string; readonly kind: string };
}

export interface TurnPlanEntry {
  readonly content: string;
  /** pending, in_progress or completed. */
  readonly status: string;
  readonly priority?: string;
}

/**
 * The optional turn capability of the agent slot. An agent without it gets core's screen-stability
 * observer (the runtime's screen and the agent's `activity`), the weakest signal.
 */
export interface AgentTurns {
  /** A position in the agent's signal stream, taken just before a message is delivered. */
  turnCursor?(probe: TurnCursorProbe): Promise<string>;
  /** Reads the signals after `probe.cursor`. Never throws for "nothing yet": that is `waiting`. */
  observeTurn?(probe: TurnProbe): Promise<TurnSignal>;
  /**
   * The keys that stop a running turn the way this agent expects, pressed in order: Escape for the
   * TUIs that take it, Ctrl-C where that is the only way. Absent: `["C-c"]`.
   */
  readonly interruptKeys?: readonly RuntimeKey[];
  /**
   * The keys that empty the agent's input box without submitting it, pressed before a turn is given
   * up as "pasted but not submitted" so the next message is not glued to it; harmless on an empty
   * input. Absent: `["C-u"]` (delete to the start of the line, as readline and the TUIs take it).
   */
  readonly clearInputKeys?: readonly RuntimeKey[];
}
