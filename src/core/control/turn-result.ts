import { formatDuration } from "../config/index.js";
import { AoError } from "../errors.js";
import type { AgentQuestion, ReplySource } from "../slots/index.js";
import { getSession, reportOfTurn, type Turn } from "../store/index.js";
import { controlPlaneOf, type ControlContext } from "./control-context.js";
import { isEnded } from "./give-control-turn.js";

/** Where a commander's reply came from: the worker's own `orch_report`, else the turn's signals. */
export type ControlReplySource = "report" | ReplySource;

/** What `send`, `send_async` and `wait_turn` answer (snake_case: MCP clients and models read it). */
export interface ControlTurnResult {
  turn_id: string;
  session_id: string;
  /**
   * `running` while the turn is queued, being delivered or worked on; `waiting_for_permission`
   * while its agent asks a permission question (in `question`); else how it ended.
   */
  status: "running" | "completed" | "waiting_for_permission";
  /** While running: `queued`, `delivering` or `running`. */
  turn_status: Turn["status"];
  reply?: string;
  reply_source?: ControlReplySource;
  /** The worker already had this turn: the message was not injected again. */
  deduplicated?: boolean;
  question?: PermissionQuestion;
}

/** A worker's permission question as a commander reads it (answer_permission takes an option_id). */
export interface PermissionQuestion {
  question_id: string;
  title: string;
  tool_kind?: string;
  options: { option_id: string; name: string; kind: string }[];
}

/** A running turn whose agent waits on a permission question. */
export function questionResult(turn: Turn, question: AgentQuestion): ControlTurnResult {
  return {
    turn_id: turn.id,
    session_id: turn.sessionId,
    status: "waiting_for_permission",
    turn_status: turn.status,
    question: permissionQuestion(question),
  };
}

export function permissionQuestion(question: AgentQuestion): PermissionQuestion {
  return {
    question_id: question.id,
    title: question.title,
    ...(question.toolKind === undefined ? {} : { tool_kind: question.toolKind }),
    options: question.options.map((option) => ({
      option_id: option.id,
      name: option.name,
      kind: option.kind,
    })),
  };
}

/**
 * A turn as a commander gets it. Reply precedence: the worker's `orch_report` for the turn, else
 * the reply its hooks or transcript gave. A turn that failed, ended empty or was interrupted is an
 * error carrying the agent's own words, never an empty answer; a reply older than the retention is
 * gone (its turn still exists, `ao turns` shows it).
 */
export async function controlTurnResult(cc: ControlContext, turn: Turn): Promise<ControlTurnResult> {
  const base = { turn_id: turn.id, session_id: turn.sessionId, turn_status: turn.status };
  if (!isEnded(turn)) return { ...base, status: "running" };
  checkRetention(cc, turn);
  const report = reportOfTurn(cc.store, turn.id);
  if (report !== undefined)
    return { ...base, status: "completed", reply: report.text, reply_source: "report" };
  if (turn.status === "completed" && turn.reply !== null && turn.reply.trim() !== "")
    return { ...base, status: "completed", reply: turn.reply, reply_source: turn.replySource ?? "screen" };
  throw await turnError(cc, turn);
}

function checkRetention(cc: ControlContext, turn: Turn): void {
  const session = getSession(cc.store, turn.sessionId);
  const { replyRetentionMs } = controlPlaneOf(cc, session?.project ?? "");
  if ((turn.endedAt ?? 0) + replyRetentionMs >= cc.ctx.clock.now()) return;
  throw new AoError(
    "E_NOT_FOUND",
    `the reply of ${turn.id} is no longer kept (older than ${formatDuration(replyRetentionMs)})`,
    {
      hint: "`ao turns show <turn>` in a terminal still shows it; raise controlPlane.replyRetention to keep replies longer",
      details: { turn: turn.id, session: turn.sessionId },
    },
  );
}

async function turnError(cc: ControlContext, turn: Turn): Promise<AoError> {
  const session = getSession(cc.store, turn.sessionId);
  const cli = session === undefined ? "the agent's CLI" : await cc.cliOf(session);
  const details = { turn: turn.id, session: turn.sessionId, status: turn.status };
  if (turn.status === "interrupted")
    return new AoError("E_TURN_FAILED", `${turn.sessionId}'s turn ${turn.id} was interrupted`, {
      hint: "send the message again when you want the worker to go on",
      details,
    });
  const words =
    turn.status === "failed"
      ? `failed: ${turn.error ?? "the agent gave no reason"}`
      : "ended with no reply (the agent said nothing)";
  return new AoError("E_TURN_FAILED", `${turn.sessionId}'s turn ${turn.id} ${words}`, {
    hint: `run \`${cli}\` once in a terminal to see it fail for yourself (not logged in, model retired, service unreachable)`,
    details,
  });
}
