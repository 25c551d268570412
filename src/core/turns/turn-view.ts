import type { ReplySource, TurnOrigin, TurnStatus, TurnWork } from "../slots/index.js";
import type { Turn } from "../store/index.js";

/**
 * A turn as `ao turns --json` and `ao send --json` print it: plain JSON, ISO times, never the
 * message text (only its size and hash). `reply` is there only when asked for (one turn shown).
 */
export interface TurnView {
  id: string;
  session: string;
  origin: TurnOrigin;
  reactionId: number | null;
  status: TurnStatus;
  message: { bytes: number; sha256: string };
  queuedAt: string;
  deliveredAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  replyBytes: number;
  /** `report`: a control-plane worker's `orch_report` for the turn, which wins over its hooks. */
  replySource: ReplySource | "report" | null;
  error: string | null;
  reply?: string | null;
  /**
   * The tool calls (kind, title, status, files) and plan entries the agent reported for the turn;
   * only for agents that report them as data (ACP), and only once it ended.
   */
  work?: TurnWork;
}

export function turnView(
  turn: Turn,
  options: { reply?: boolean; report?: string | undefined } = {},
): TurnView {
  const reply = options.report ?? turn.reply;
  const view: TurnView = {
    id: turn.id,
    session: turn.sessionId,
    origin: turn.origin,
    reactionId: turn.reactionId,
    status: turn.status,
    message: { bytes: turn.message.bytes, sha256: turn.message.sha256 },
    queuedAt: iso(turn.queuedAt),
    deliveredAt: turn.deliveredAt === null ? null : iso(turn.deliveredAt),
    startedAt: turn.startedAt === null ? null : iso(turn.startedAt),
    endedAt: turn.endedAt === null ? null : iso(turn.endedAt),
    replyBytes: Buffer.byteLength(reply ?? "", "utf8"),
    replySource: options.report === undefined ? turn.replySource : "report",
    error: turn.error,
    ...(turn.work === null ? {} : { work: turn.work }),
  };
  return options.reply === true ? { ...view, reply } : view;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** One line saying how a turn ended, for people: "t-3 completed", "t-4 failed: model retired". */
export function describeTurnEnd(turn: Turn): string {
  switch (turn.status) {
    case "completed":
      return `${turn.id} completed`;
    case "empty":
      return `${turn.id} ended empty: the agent replied nothing`;
    case "interrupted":
      return `${turn.id} was interrupted`;
    case "failed":
      return `${turn.id} failed: ${turn.error ?? "no reason given"}`;
    default:
      return `${turn.id} is ${turn.status}`;
  }
}
