import type { EventBase } from "./event-base.js";

/** Who acted: the commander's id and name (never its token). */
export type CommanderFacts = {
  /** The commander's id in the store. */
  commanderId: number;
  /** Its name, as `ao mcp tokens` and `ao status` show it. */
  commander: string;
};

/** A commander was given a token (`ao mcp tokens create`, `ao mcp install`); only its hash is kept. */
export interface ControlCommanderCreated extends EventBase {
  type: "control.commander_created";
  payload: CommanderFacts;
}

/** `ao mcp revoke`: the token no longer works; its workers stay as sessions, out of its reach. */
export interface ControlCommanderRevoked extends EventBase {
  type: "control.commander_revoked";
  payload: CommanderFacts & {
    /** Its workers that were still open (they keep running; nobody commands them over MCP). */
    openWorkers: number;
  };
}

/** `open_session`: a commander opened a worker, a normal session with its own worktree and pane. */
export interface ControlWorkerOpened extends EventBase {
  type: "control.worker_opened";
  payload: CommanderFacts & {
    /** The agent plugin the worker runs. */
    agent: string;
    /** The ao project the worker works in. */
    project: string;
  };
}

/** `close_session`: the worker's session was killed (its branch stays) and its commander's rights ended. */
export interface ControlWorkerClosed extends EventBase {
  type: "control.worker_closed";
  payload: CommanderFacts;
}

/** `send` / `send_async`: a commander gave its worker a turn, or was given the turn it already had. */
export interface ControlTurnGiven extends EventBase {
  type: "control.turn_given";
  payload: CommanderFacts & {
    /** The worker's turn (`t-<n>`): new, or the one it already had. */
    turnId: string;
    /** true: the same message (or request id) was already the worker's turn; nothing was injected. */
    deduplicated: boolean;
    /** Whether the commander gave a `request_id` (its value is the commander's, not the feed's). */
    requestId: boolean;
  };
}

/** A different message while the worker's turn was open: refused with `busy`, naming that turn. */
export interface ControlTurnRefused extends EventBase {
  type: "control.turn_refused";
  payload: CommanderFacts & {
    /** The worker's open turn. */
    runningTurnId: string;
  };
}

/** `orch_report`: a worker handed its commander a reply (for its open turn) or a message of its own. */
export interface ControlReported extends EventBase {
  type: "control.reported";
  payload: {
    /** The turn the report answers; null for a message of the worker's own. */
    turnId: string | null;
    /** UTF-8 bytes of the report (the text never enters the feed). */
    bytes: number;
  };
}

/**
 * The control plane over MCP (docs/control-plane.md): commanders, the workers they open, the turns
 * they give and the reports workers send back. Tokens, secrets and texts never enter the feed.
 */
export type ControlEvent =
  | ControlCommanderCreated
  | ControlCommanderRevoked
  | ControlWorkerOpened
  | ControlWorkerClosed
  | ControlTurnGiven
  | ControlTurnRefused
  | ControlReported;
