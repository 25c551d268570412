/**
 * The dashboard's wire format: the JSON the page reads from `/api/*` and `/events`, and the JSON
 * it POSTs. One file both sides build against (src/web/server and src/web/page), so a change the
 * page would not notice cannot happen silently. Only types and constants: no I/O, no node imports.
 * Times are ISO 8601 strings, durations milliseconds. Change it only additively (board note).
 */
import type {
  CiState,
  PullRequestState,
  ReviewDecision,
  SessionStatus,
  ReplySource,
  TurnOrigin,
  TurnStatus,
} from "../../core/slots/index.js";

export type { CiState, PullRequestState, ReviewDecision, ReplySource, SessionStatus, TurnOrigin, TurnStatus };

/** The fleet page's columns, in the order they are shown: what a session needs from a person. */
export { ZONES, type Zone } from "../../core/fleet/zones.js";
import type { Zone } from "../../core/fleet/zones.js";

/** The event that put a card in its zone (or, with no such event, the session's own state). */
export interface ZoneReason {
  /** A store event type (`session.status`, `reaction.escalated`, `turn.ended`), or `session` when none. */
  type: string;
  /** The store event's id; null when the reason is the session row itself. */
  eventId: number | null;
  at: string;
  /** One line for people: "CI failing: lint", "changes requested, escalated after 3 attempts". */
  summary: string;
}

/** The turn a session has open (or its last one), as a card shows it. */
export interface TurnBrief {
  id: string;
  status: TurnStatus;
  origin: TurnOrigin;
  /** When it was queued, delivered, started or ended, whichever is latest. */
  at: string;
}

/** The agent's activity as the lifecycle last stored it (`active`, `idle`, `waiting_input`, …). */
export interface ActivityBrief {
  state: string | null;
  /**
   * What `ao status` says in its activity column (core/fleet `describeActivity`): `ended` once the
   * session is over, `unknown` when no activity was ever read, else the agent's word.
   */
  text: string;
  /** running: a turn is open and started; queued: one waits; idle: none open (always, once ended). */
  turn: "running" | "queued" | "idle";
  /** The open turn, else the last one; null before the first. */
  last: TurnBrief | null;
}

export interface PullRequestBrief {
  number: number;
  url: string | null;
  title: string | null;
  state: PullRequestState | null;
  /** The head the forge was last seen at: a merge from the page sends it back (`MergeRequest.sha`). */
  headSha: string | null;
  mergeable: boolean | null;
  ci: { state: CiState; failing: string[] } | null;
  review: { decision: ReviewDecision; unresolvedThreads: number } | null;
  observedAt: string | null;
}

/** What the session's agent recorded it spent (docs/cost.md). */
export interface CostBrief {
  /** null when nothing priced was recorded (a model without a price, or no record yet). */
  usd: number | null;
  /** null when nothing was recorded. */
  tokens: number | null;
  /** Tokens of models without a price: `usd` leaves them out. */
  unpricedTokens: number;
  /** When ao last read the agent's records. */
  observedAt: string;
}

/**
 * What a waiting agent asks (the store's latest `session.question`, shown while it waits): an ACP
 * question with the options the page answers it with, or a terminal dialog's words and choices.
 */
export interface QuestionBrief {
  /** What an answer sends back (`AnswerRequest.questionId`): a newer question is not answered blindly. */
  id: string;
  /** `data`: asked as data (ACP), answered by option id; `screen`: a dialog on its terminal, answered by keys. */
  source: "data" | "screen";
  /** The agent's words (untrusted: render as text): the tool call, the dialog's lines. */
  text: string;
  toolKind: string | null;
  /** ACP options (`kind` allow_once, reject_once, …) or the dialog's numbered choices (`kind` choice). */
  options: { id: string; name: string; kind: string }[];
  askedAt: string;
}

/** How urgently "Needs you" wants a person (src/core/fleet/urgency.ts): rank 0 first. */
export interface UrgencyBrief {
  /** `question`, `input`, `errored`, `ci-escalated`, `review-escalated`, `escalated`, `exited`, `over-budget`, `stuck`, `other`. */
  level: string;
  rank: number;
  /** In plain words: "the agent is blocked on a question: Run npm test". */
  reason: string;
}

/** The branch's change against its base (`git diff --numstat <base>...<head>`), as of `head`. */
export interface DiffBrief {
  added: number;
  removed: number;
  files: number;
  head: string;
  base: string;
}

/** Why a held session gets no turns: its agent's usage limit (until when), or its budget. */
export interface HoldBrief {
  gate: "rate_limit" | "budget";
  /** The agent's own limit message, or the budget crossed. */
  words: string;
  /** When the limit lifts (ISO 8601); null for a budget. */
  until: string | null;
  /** For a usage limit: the account whose limit it is (`<agent>` or `<agent>@<fingerprint>`). */
  account?: string;
}

/**
 * A predicted conflict or overlap of a session's branch (the conflict radar, docs/conflicts.md):
 * the same pairs `ao conflicts --json` lists, seen from this session's side.
 */
export interface ConflictBrief {
  /** `conflict`: a three-way merge of the two heads conflicts; `overlap`: both change the same files. */
  kind: "conflict" | "overlap";
  /** The other session; null for the project's default branch. */
  with: string | null;
  /** The other side's branch (the default branch's name when `with` is null). */
  branch: string;
  /** The conflicting files (conflict) or those both sides change (overlap). */
  files: string[];
  /** The conflicting regions, as lines of the merge result. */
  hunks: { file: string; start: number; end: number }[];
  /** Since when the pair is in this kind. */
  since: string;
}

/** One entry of a project's merge queue (the merge train, docs/merge-train.md), as `ao queue` shows it. */
export interface QueueEntryBrief {
  entry: number;
  session: string;
  /** 1 for the entry landing next; null once it landed or left. */
  place: number | null;
  /** `queued` (waiting), `updating`, `testing`, `merging`; `landed` or `left` once it ended. */
  state: string;
  attempt: number;
  /** What it is doing or why it ended, in words (the core's `noteOf`). */
  note: string;
  /** Why it left (`conflict`, `ci_failed`, …); null otherwise. */
  reason: string | null;
  enteredAt: string;
  endedAt: string | null;
}

/** A project's merge queue: the entries in landing order, and the latest that landed or left. */
export interface MergeQueueBrief {
  project: string;
  entries: QueueEntryBrief[];
  /** Newest first, at most a few. */
  recent: QueueEntryBrief[];
}

/** A spawn waiting to start (`ao spawn --queue`, a plan's, a commander's): held by admission or a limit. */
export interface SpawnWaitBrief {
  /** Its place in the line (increasing). */
  id: number;
  project: string;
  agent: string;
  /** The task's first line, redacted (untrusted: render as text). */
  task: string;
  /** What it waits for: E_NO_ROOM (memory, load), E_RATE_LIMITED, E_SESSION_LIMIT, E_OVER_BUDGET, E_QUEUED. */
  code: string;
  /** In words: "waiting for 2.1 GiB free; 1.2 GiB now". */
  reason: string;
  since: string;
}

/** One session on the fleet page. */
export interface FleetCard {
  id: string;
  project: string;
  /** The tracker's issue id; null for a free-text task. */
  issue: string | null;
  /**
   * The pull request's title once observed, else the task's first line (from the session's task
   * file, redacted; never stored in events); null when neither is known.
   */
  title: string | null;
  branch: string;
  agent: string;
  runtime: string;
  status: SessionStatus;
  /** The status's reason code (`ci_failing`, `agent_exited`, …). */
  reason: string | null;
  activity: ActivityBrief;
  pr: PullRequestBrief | null;
  /** Tokens and money so far, when the agent reports them; null when unknown. */
  /** null: the agent records no usage (aider, a plain command) or was never read — unknown, not zero. */
  cost: CostBrief | null;
  lastActivityAt: string | null;
  statusSince: string | null;
  createdAt: string;
  endedAt: string | null;
  zone: Zone;
  why: ZoneReason;
  /** When ao last looked at this session (a lifecycle cycle or a PR observation); null if never. */
  observedAt: string | null;
  /** `generatedAt - observedAt`; null when never observed. */
  dataAgeMs: number | null;
  /**
   * The live session's checkout was found removed behind ao's back (the lifecycle recorded
   * `session.workspace_removed` by `outside`, and no restore came after): where it was, and when
   * ao noticed. null otherwise.
   */
  workspaceMissing: { worktree: string; noticedAt: string } | null;
  /** While the agent waits for input: what it asks. null otherwise. */
  question: QuestionBrief | null;
  urgency: UrgencyBrief;
  /** The branch's diff size; null until computed, or when the checkout cannot be read here. */
  diff: DiffBrief | null;
  /** With `rate_limited` or `over_budget`: why and until when. null otherwise. */
  hold: HoldBrief | null;
  /** The radar's predicted conflicts (first) and overlaps of this live session's branch; empty when none. */
  conflicts: ConflictBrief[];
}

/** `GET /api/fleet[?project=<id>]`, and the data of every `fleet` stream message. */
export interface FleetView {
  generatedAt: string;
  /** The last store event the view includes: the stream's position when it was computed. */
  lastEventId: number;
  /** Every project in the configuration (the page's filter, and spawn's choices). */
  projects: ProjectBrief[];
  /** Live sessions, and ended ones (zone `done`) with why they ended; ordered by zone, then newest. */
  cards: FleetCard[];
  counts: Record<Zone, number>;
  /** The most urgent zone that has a card (the title and favicon show it); null with no cards. */
  worst: Zone | null;
  /** The daemon's last cycle; null before the first. */
  lastCycle: { at: string; durationMs: number; failed: boolean } | null;
  /** Plans proposed and waiting for a person's approval: the page shows them under "Needs you". */
  plansWaiting: PlanWaiting[];
  /** Each project's merge queue, projects whose queue never held anything left out. */
  mergeQueues: MergeQueueBrief[];
  /** Spawns waiting to start, first come first. */
  spawnsWaiting: SpawnWaitBrief[];
}

/** A proposed plan waiting for a person (`#/plans/<id>` approves or rejects it). */
export interface PlanWaiting {
  id: string;
  project: string;
  /** The proposal's goal (untrusted text: render as text). */
  goal: string;
  /** The latest revision: the one to read and approve. */
  revision: number;
  /** The steps it would run (tickets, research, debate rounds, synthesis). */
  steps: number;
  /** `person`, or `agent:<commander>`. */
  proposedBy: string;
  /** When it last changed (proposed or revised). */
  since: string;
}

export interface ProjectBrief {
  id: string;
  /** Whether spawning from an issue works (the project has a tracker). */
  hasTracker: boolean;
  /** Whether approve / request changes work from the page (its scm records reviews itself). */
  localReview: boolean;
  /** Whether the review's line comments can be posted as a review on the forge (scm/github). */
  forgeReview: boolean;
}

/** A span of the timeline: a status, or a turn, from `start` until `end` (null: still so). */
export interface TimelineSpan<K extends string> {
  kind: K;
  start: string;
  end: string | null;
  /** The status (`working`, `ci_failed`) or the turn's status (`running`, `completed`). */
  state: string;
  label: string;
  eventId: number | null;
}

/** A moment on the timeline: a reaction's attempt, a message, a kill. */
export interface TimelineMark {
  kind: "reaction" | "event";
  at: string;
  state: string;
  label: string;
  eventId: number | null;
}

/** What the session page draws as a picture: statuses, turns and reactions over time. */
export interface Timeline {
  start: string;
  end: string;
  statuses: TimelineSpan<"status">[];
  turns: TimelineSpan<"turn">[];
  marks: TimelineMark[];
}

export interface FailingCheckDetail {
  name: string;
  url: string | null;
  /** The end of the failing job's log (untrusted text: render as text). */
  logTail: string | null;
}

export interface ReviewThreadDetail {
  id: string;
  path: string | null;
  line: number | null;
  author: string;
  /** Untrusted: render as text, never as HTML. */
  body: string;
  url: string | null;
  isBot: boolean;
}

export interface PullRequestDetail extends PullRequestBrief {
  failing: FailingCheckDetail[];
  threads: ReviewThreadDetail[];
  /** Threads kept from the agent (no trusted author in them). */
  withheld: { threads: number; authors: string[] } | null;
  conflicts: boolean;
}

export interface ReactionDetail {
  id: number;
  /** The configured reaction (`ci-failed`). */
  key: string;
  status: "pending" | "delivering" | "done" | "failed" | "escalated";
  attempts: number;
  dueAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TurnDetail {
  id: string;
  origin: TurnOrigin;
  status: TurnStatus;
  reactionId: number | null;
  messageBytes: number;
  queuedAt: string;
  deliveredAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** The agent's final message (untrusted text); null until it ended or without one. */
  reply: string | null;
  replySource: ReplySource | "report" | null;
  error: string | null;
  /**
   * The tool calls and plan the agent reported for the turn as data (ACP agents, once the turn
   * ended: `ao turns show`'s `work`); null for terminal agents and turns still open.
   */
  work: TurnWorkDetail | null;
}

/** A turn's tool calls, in the order they first appeared, and the agent's plan as it last stood. */
export interface TurnWorkDetail {
  tools: ToolCallDetail[];
  plan: PlanEntryDetail[];
}

export interface ToolCallDetail {
  /** ACP's tool kind: read, edit, execute, search, … (`other` when the agent gave none). */
  kind: string;
  /** The agent's words (untrusted: render as text). */
  title: string;
  /** Its last status: pending, in_progress, completed, failed. */
  status: string;
  /** The files it touched (`path` or `path:line`). */
  files: string[];
  /**
   * Who let it run when the agent asked: `auto` (the project's `agentConfig.autoAllow`), `approved`
   * or `denied` (a person or commander), `cancelled` (the question was withdrawn), with the option
   * chosen; null when nobody was asked.
   */
  permission: { by: "auto" | "approved" | "denied" | "cancelled"; option: string } | null;
}

export interface PlanEntryDetail {
  /** The agent's words (untrusted: render as text). */
  content: string;
  /** pending, in_progress or completed. */
  status: string;
  priority: string | null;
}

/** A conflict on the session page: the card's brief, and when the radar last checked the pair. */
export interface ConflictDetail extends ConflictBrief {
  checkedAt: string;
}

/** The session's entry in its project's merge queue (`ao queue`), while it is in it. */
export interface QueuePlaceDetail {
  entry: number;
  /** 1 lands next. */
  place: number;
  /** Entries in the project's queue, this one included. */
  of: number;
  state: "queued" | "updating" | "testing" | "merging";
  /** What it is doing, in words. */
  note: string;
  /** When it is expected to land; null with nothing to go by (no landing yet). */
  eta: string | null;
  enteredAt: string;
}

/** One store event as the page gets it: the same rows `ao events --json` prints. */
export interface EventEntry {
  id: number;
  sessionId: string | null;
  type: string;
  at: string;
  /** Redacted when stored; message and reply texts never enter events. */
  payload: Record<string, unknown>;
}

/** `GET /api/sessions/:id`. */
export interface SessionDetail {
  card: FleetCard;
  worktree: string;
  /** Why the agent ended, when ao saw it exit: its code and last lines (redacted). */
  exit: { exitCode: number | null; lastLines: string[]; seenAt: string } | null;
  timeline: Timeline;
  pr: PullRequestDetail | null;
  reactions: ReactionDetail[];
  /** Newest last. */
  turns: TurnDetail[];
  /** The session's latest events, oldest first. */
  events: EventEntry[];
  /** The conflict radar's findings for its branch: conflicts first, then overlaps. */
  conflicts: ConflictDetail[];
  /** Its place in the merge queue; null when it is not queued. */
  queue: QueuePlaceDetail | null;
  generatedAt: string;
}

/** The stream's `fleet` message: the whole view, and the version its patches start from. */
export interface FleetSnapshot extends FleetView {
  /** `<epoch>.<n>`: the epoch changes with each daemon start, n with each recomputed fleet. */
  version: string;
}

/**
 * The stream's `fleet-patch` message: what changed since the version `base` (docs/dashboard.md,
 * "Live data"). A page whose version is not `base` missed something and resyncs (a snapshot). A
 * field that is absent did not change; `order` comes whenever the cards' ids or order changed.
 */
export interface FleetPatch {
  base: string;
  version: string;
  generatedAt: string;
  lastEventId: number;
  /** Cards added or changed, whole. */
  cards?: FleetCard[];
  /** Ids of cards no longer shown. */
  removed?: string[];
  /** Every card's id, in the view's order. */
  order?: string[];
  counts?: Record<Zone, number>;
  worst?: Zone | null;
  /**
   * A new last cycle. Read times (a card's, its PR's, its cost's `observedAt`) at or after the
   * previous cycle's start now are this cycle's start (a card whose times moved otherwise comes in
   * `cards`).
   */
  lastCycle?: FleetView["lastCycle"];
  plansWaiting?: PlanWaiting[];
  projects?: ProjectBrief[];
  mergeQueues?: MergeQueueBrief[];
  spawnsWaiting?: SpawnWaitBrief[];
}

/**
 * `/events` (text/event-stream). Messages with an `id:` are store events (event name `event`,
 * data `EventEntry`, id = its store id): `Last-Event-ID` (or `?since=<id>`) replays every one after
 * it. On connect comes `fleet` (data `FleetSnapshot`, no id) unless `X-Fleet-Version` (or
 * `?version=`) names the current version; then after each burst that changed the fleet a
 * `fleet-patch` (data `FleetPatch`), nothing when nothing changed. At most every 30 s a patch with
 * only the last cycle, or a `: ping` comment. `?project=<id>` filters the fleet messages.
 */
export type StreamMessage =
  | { event: "event"; id: number; data: EventEntry }
  | { event: "fleet"; data: FleetSnapshot }
  | { event: "fleet-patch"; data: FleetPatch };

export const STREAM_EVENT_NAMES = ["event", "fleet", "fleet-patch"] as const;

/** `POST /api/session-cookie`: trades the URL's `#token=` for an HttpOnly cookie. */
export interface SessionCookieRequest {
  token: string;
}
export interface SessionCookieAnswer {
  ok: true;
}

/** `POST /api/sessions/:id/send`. */
export interface SendRequest {
  text: string;
  /** `delivered` (default): answer once the agent took it; `queued`: answer at once. */
  wait?: "delivered" | "queued";
}
export interface SendAnswer {
  session: string;
  turnId: string;
  turnStatus: TurnStatus;
  /** The runtime saw the agent take the message. */
  confirmed: boolean;
  submitted: boolean;
  queuedBehind: string | null;
}

/** `POST /api/sessions/:id/interrupt` (body `{}`). */
export interface InterruptAnswer {
  session: string;
  /** The turn that was open, as it is now; null when none was. */
  turnId: string | null;
  turnStatus: TurnStatus | null;
  /** The agent was confirmed idle afterwards. */
  idle: boolean;
  activity: string;
  keys: string[];
}

/** `POST /api/sessions/:id/restore` (body `{}`). */
export interface RestoreAnswer {
  session: string;
  action: "finished_spawn" | "restored" | "already_running";
  resumed: boolean;
  workspaceRecreated: boolean;
  status: SessionStatus;
  note: string | null;
}

/** `POST /api/sessions/:id/kill`: the page asks for confirmation first. */
export interface KillRequest {
  /** Also remove the checkout (never the branch). */
  purge?: boolean;
}
export interface KillAnswer {
  session: string;
  status: SessionStatus;
  workspace: "kept" | "removed";
  branch: string;
}

/** `POST /api/sessions/:id/merge`: `sha` is the head the page showed; another head is refused (409). */
export interface MergeRequest {
  sha: string;
  method?: "merge" | "squash" | "rebase";
}
export interface MergeAnswer {
  session: string;
  prNumber: number;
  sha: string;
  ci: CiState;
  review: ReviewDecision;
}

/**
 * `POST /api/sessions/:id/queue`: `ao merge --queue <id>` for an open, approved pull request, at the
 * head the page showed (`PullRequestBrief.headSha`): one that moved since is refused (409).
 */
export interface QueueRequest {
  sha: string;
}
export interface QueueAnswer {
  session: string;
  project: string;
  entry: number;
  position: number;
  state: string;
  /** It was in the queue already: nothing changed. */
  already: boolean;
}

/**
 * `POST /api/sessions/:id/answer`: answers the question the page showed (`questionId`) with one of
 * its options (an ACP option id, or a screen dialog's choice number), as `ao session answer <id>
 * <choice>` does; another question asked since is refused (409 `E_QUESTION_CHANGED`), as is a
 * dialog gone from the screen (409 `E_NO_QUESTION`), and nothing is answered.
 */
export interface AnswerRequest {
  questionId: string;
  optionId: string;
}
export interface AnswerAnswer {
  session: string;
  questionId: string;
  option: { id: string; name: string; kind: string };
  /** The agent stopped asking it (it took the answer). */
  confirmed: boolean;
  /** The question the agent asks at once after it, if any. */
  next: { id: string; title: string } | null;
}

/** `POST /api/sessions/:id/review`: for projects whose scm records reviews itself (local mode). */
export type ReviewRequest = { action: "approve" } | { action: "request-changes"; body: string };
export interface ReviewAnswer {
  session: string;
  prNumber: number;
  action: "approve" | "request-changes";
  threadId: string | null;
}

/**
 * `POST /api/spawn`: an issue of the project's tracker, or a free-text task (`prompt`), or both. An
 * issue that already has a live session is refused (409, `E_EXISTS`, naming it) unless `second`.
 */
export interface SpawnRequest {
  project: string;
  issue?: string;
  prompt?: string;
  agent?: string;
  /** Start another session even though the issue has a live one (it works on a `-2` branch). */
  second?: boolean;
}
export interface SpawnAnswer {
  session: string;
  project: string;
  branch: string;
  status: SessionStatus;
}

/** Every non-2xx answer: 400 bad body, 401 no token, 403 Host/Origin, 404, 409 refused, 415, 500. */
export interface ErrorAnswer {
  error: string;
  /** The AoError code (`E_MERGE_REJECTED`) when the core refused. */
  code?: string;
  hint?: string;
}
