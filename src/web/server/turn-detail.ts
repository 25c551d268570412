import type { TurnToolCall, TurnWork } from "../../core/slots/index.js";
import { reportOfTurn, type Store, type Turn } from "../../core/store/index.js";
import { turnView } from "../../core/turns/index.js";
import type { ToolCallDetail, TurnDetail, TurnWorkDetail } from "../api/types.js";

/**
 * One turn as the session page shows it: what `ao turns show --json` prints (core's `turnView`,
 * with a control-plane worker's `orch_report` winning over its hooks), with the reply, and the
 * tool calls and plan an ACP agent reported, in the wire format's shape.
 */
export function turnDetail(store: Store, turn: Turn): TurnDetail {
  const view = turnView(turn, { reply: true, report: reportOfTurn(store, turn.id)?.text });
  return {
    id: view.id,
    origin: view.origin,
    status: view.status,
    reactionId: view.reactionId,
    messageBytes: view.message.bytes,
    queuedAt: view.queuedAt,
    deliveredAt: view.deliveredAt,
    startedAt: view.startedAt,
    endedAt: view.endedAt,
    reply: view.reply ?? null,
    replySource: view.replySource,
    error: view.error,
    work: view.work === undefined ? null : workDetail(view.work),
  };
}

function workDetail(work: TurnWork): TurnWorkDetail {
  return {
    tools: work.tools.map(toolDetail),
    plan: work.plan.map((entry) => ({
      content: entry.content,
      status: entry.status,
      priority: entry.priority ?? null,
    })),
  };
}

function toolDetail(tool: TurnToolCall): ToolCallDetail {
  return {
    kind: tool.kind,
    title: tool.title,
    status: tool.status,
    files: [...tool.files],
    permission: permissionOf(tool),
  };
}

/** Who let the call run: ao itself (autoAllow), or the answer a person or commander gave. */
function permissionOf(tool: TurnToolCall): ToolCallDetail["permission"] {
  if (tool.autoAllowed !== undefined) return { by: "auto", option: tool.autoAllowed };
  if (tool.answered === undefined) return null;
  const { kind, option } = tool.answered;
  if (kind === "cancelled") return { by: "cancelled", option };
  return { by: kind.startsWith("allow") ? "approved" : "denied", option };
}
