import type { SessionStatus } from "../slots/session-status.js";
import type { SpawnStep } from "../sessions/spawn-steps.js";
import type { EventBase } from "./event-base.js";

/** The session row was inserted with status `spawning`: the first event of every session. */
export interface SessionCreated extends EventBase {
  type: "session.created";
  payload: {
    /** The branch the session works on (from the issue, the task or `--branch`). */
    branch: string;
    /** The tracker's issue id; null for a free-text task. */
    issue: string | null;
    /** The runtime plugin the agent runs in. */
    runtime: string;
    /** The agent plugin. */
    agent: string;
    /** The `ao spawn` process, so a restore or cleanup leaves a spawn that is still running alone. */
    spawner: { pid: number; host: string };
  };
}

/** A spawn step completed (`docs/sessions.md`): the row's `spawn_step` moved with it. */
export interface SessionSpawnStep extends EventBase {
  type: "session.spawn_step";
  payload: {
    /** The step that completed: `workspace`, `prompt` or `runtime` (`done` is a `session.status`). */
    step: SpawnStep;
    /** `workspace`: the branch the checkout is on. */
    branch?: string;
    /** `workspace`: where the checkout is. */
    worktree?: string;
    /** `workspace`: the commit or branch the checkout started from, when the workspace tells. */
    base?: string;
    /** `runtime`: the runtime plugin that started the agent. */
    runtime?: string;
  };
}

/** A spawn failed: what it made was undone (or not, see `problems`) and the session is `errored`. */
export interface SessionSpawnFailed extends EventBase {
  type: "session.spawn_failed";
  payload: {
    /** The step that failed. */
    step: SpawnStep;
    /** The error code (`E_…`) of the failure. */
    code: string;
    /** The failure's message, as the person saw it. */
    message: string;
    /** True when everything the spawn made was removed again. */
    undone: boolean;
    /** What could not be undone, one line each (`ao session cleanup` retries). */
    problems: string[];
  };
}

/** The session's status changed: by a spawn finishing, or by the lifecycle's decision. */
export interface SessionStatusChanged extends EventBase {
  type: "session.status";
  payload: {
    /** The status before. */
    from: SessionStatus;
    /** The status now. */
    to: SessionStatus;
    /** The new status's reason code: `spawned`, `agent_working`, `ci_failing`… (docs/lifecycle.md). */
    reason: string;
  };
}

/** `ao session restore` started the agent again in the session's checkout. */
export interface SessionRestored extends EventBase {
  type: "session.restored";
  payload: {
    /** The status before the restore. */
    from: SessionStatus;
    /** The agent continued its earlier conversation. */
    resumed: boolean;
    /** The checkout was gone and was made again from the session's branch. */
    workspaceRecreated: boolean;
    /** The agent's own conversation id now, when it has one. */
    agentSessionId: string | null;
    /** Why the conversation was not resumed. */
    note?: string;
  };
}

/** `ao session kill` stopped the agent; the session is `killed`. */
export interface SessionKilled extends EventBase {
  type: "session.killed";
  payload: {
    /** The status before the kill (`spawning` for a spawn rolled back). */
    from: SessionStatus;
    /** The checkout is removed too (`--purge`); its own `session.workspace_removed` follows. */
    purge: boolean;
  };
}

/**
 * The session's checkout was removed (the branch never is): by ao (`kill --purge`, cleanup), or,
 * with `by: "outside"`, by someone else while its agent still ran.
 */
export interface SessionWorkspaceRemoved extends EventBase {
  type: "session.workspace_removed";
  payload: {
    /** The removed checkout. */
    worktree: string;
    /** `ao session kill --purge`: true when `--force` discarded uncommitted work. */
    forced?: boolean;
    /**
     * `cleanup` when `ao session cleanup` removed it; `outside` when ao did not remove it but found it
     * gone while the agent still ran (deleted behind ao's back; recorded once per disappearance, by
     * the lifecycle cycle); absent for `ao session kill --purge`.
     */
    by?: "cleanup" | "outside";
  };
}

/**
 * A spawn stored its agent's runtime handle: before `create` when the runtime names it in advance
 * (`Runtime.handleFor`), and once the agent started, before watching it settle. An `ao spawn`
 * killed in between leaves a handle that cleanup, kill and restore stop.
 */
export interface SessionRuntimeStarted extends EventBase {
  type: "session.runtime_started";
  payload: {
    /** The runtime plugin that started the agent. */
    runtime: string;
  };
}

/**
 * `ao send` handed a message to the agent. The text never enters the feed (it may quote a review
 * or a secret), only its size and hash.
 */
export interface SessionMessageSent extends EventBase {
  type: "session.message_sent";
  payload: {
    /** The runtime saw the agent take the message. */
    confirmed: boolean;
    /** The text arrived and was submitted. */
    submitted: boolean;
    /** False for `--no-wait`: ao did not wait for the agent to react. */
    waited: boolean;
    /** How many times submit was pressed (the text is pasted once). */
    attempts: number;
    /** UTF-8 bytes of the message. */
    bytes: number;
    /** sha256 of the message, hex. */
    sha256: string;
    /** Why delivery is unconfirmed, when it is. */
    reason?: string;
    /** The turn the message became (docs/turns.md). */
    turnId?: string;
  };
}

/**
 * The agent told ao its state with `ao report <state>` or `ao acknowledge` (docs/switching.md has
 * the map from the original's states). Its note, when it gave one, stays out of the feed.
 */
export interface SessionReported extends EventBase {
  type: "session.reported";
  payload: {
    /** The state as the original names it: `started`, `working`, `needs_input`, `completed`… */
    state: string;
    /** `ao acknowledge` or `ao report`. */
    by: "acknowledge" | "report";
    /** The status before. */
    from: SessionStatus;
    /** The status now; the same as `from` when ao's own observation owns the status. */
    to: SessionStatus;
    /** The reason code the report set, or why the status was kept (`pr_status_kept`…). */
    reason: string;
    /** UTF-8 bytes of the note, when one was given. */
    noteBytes?: number;
  };
}

/** `ao session remap` pointed the session at another of the agent's own conversations. */
export interface SessionRemapped extends EventBase {
  type: "session.remapped";
  payload: {
    /** The conversation id before; null when none was known. */
    from: string | null;
    /** The conversation id now: what a restore resumes. */
    to: string;
    /** `given` on the command line, or `found` in the agent's own records for the checkout. */
    source: "given" | "found";
  };
}

/**
 * The agent asks a person something (it waits for input): the words of its question, recorded by
 * the lifecycle cycle once per question, so the dashboard can show it without asking the agent.
 * An ACP agent's question comes as data with its options and id; a terminal agent's is the dialog
 * read from its screen (or its hook's message), with the choices the dialog lists.
 */
export interface SessionQuestion extends EventBase {
  type: "session.question";
  payload: {
    /** The agent's id of the question (ACP); for a screen's dialog a hash of its words. */
    id: string;
    /** `data`: asked as data (ACP), answered by option id; `screen`: a dialog on the agent's screen. */
    source: "data" | "screen";
    /** What it asks, in the agent's words (redacted): the tool call's title, the dialog's lines. */
    text: string;
    /** The tool's kind, when the agent said (`read`, `edit`, `execute`). */
    toolKind?: string;
    /** The answers offered, in the agent's order: an ACP option, or a dialog's numbered choice (`id` its key). */
    options: { id: string; name: string; kind: string }[];
  };
}

/**
 * Somebody answered the question the agent asked: the choice given, who gave it, and whether the
 * agent took it (it no longer asks). An ACP question is answered by option id; a terminal dialog by
 * the keys that pick its choice on the agent's screen.
 */
export interface SessionAnswered extends EventBase {
  type: "session.answered";
  payload: {
    /** The question answered (`session.question`'s id). */
    questionId: string;
    /** As the question's: `data` (ACP) or `screen` (a dialog on the agent's screen). */
    source: "data" | "screen";
    /** What it asked, in the agent's words (redacted). */
    question: string;
    /** The option's id (ACP) or the choice's number (screen); empty when the question was cancelled. */
    choice: string;
    /** The answer's words: the option's or the choice's label ("Yes", "Allow once"); "cancelled" when none. */
    answer: string;
    /** Who answered: `cli`, `dashboard`, or `commander <name>` (the control plane). */
    by: string;
    /** The agent no longer asked it within the wait. */
    confirmed: boolean;
  };
}

/** A session's life: its row, its spawn, its status, and what people did to it. */
export type SessionEvent =
  | SessionCreated
  | SessionSpawnStep
  | SessionSpawnFailed
  | SessionStatusChanged
  | SessionRestored
  | SessionKilled
  | SessionWorkspaceRemoved
  | SessionRuntimeStarted
  | SessionMessageSent
  | SessionReported
  | SessionRemapped
  | SessionQuestion
  | SessionAnswered;
