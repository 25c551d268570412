import { describeStatusChange } from "../../core/fleet/status-words.js";
import type { InterruptAnswer, KillAnswer, RestoreAnswer, SendAnswer } from "../api/types.js";
import { isMomentField, localTime } from "./local-time.js";

/**
 * The sentence each action shows after the server answered: what happened, in the words a person
 * needs (was delivery confirmed, is the agent idle, what was kept). Pure, so tested without a browser.
 */
export function describeSend(answer: SendAnswer): string {
  if (answer.queuedBehind !== null)
    return `Queued behind turn ${answer.queuedBehind} (turn ${answer.turnId}).`;
  if (answer.confirmed) return `Delivered and confirmed: turn ${answer.turnId} is ${answer.turnStatus}.`;
  if (answer.submitted) return `Submitted, not confirmed: turn ${answer.turnId} is ${answer.turnStatus}.`;
  return `Not delivered yet: turn ${answer.turnId} is ${answer.turnStatus}.`;
}

export function describeInterrupt(answer: InterruptAnswer): string {
  const turn = answer.turnId === null ? "No turn was open" : `Turn ${answer.turnId} is ${answer.turnStatus}`;
  return `${turn}; agent ${answer.idle ? "confirmed idle" : `not confirmed idle (${answer.activity})`}.`;
}

export function describeKill(answer: KillAnswer): string {
  return `Killed: ${answer.session} is ${answer.status}; workspace ${answer.workspace}, branch ${answer.branch} kept.`;
}

export function describeRestore(answer: RestoreAnswer): string {
  const note = answer.note === null ? "" : ` (${answer.note})`;
  return `${answer.action.replace(/_/g, " ")}: ${answer.status}${note}.`;
}

/**
 * One line of an event's plain payload fields (key=value), for the session page's event list; a
 * moment (epoch milliseconds) is shown in local time, a status change in words.
 */
export function summarise(payload: Record<string, unknown>, type = ""): string {
  const { from, to, reason } = payload;
  if (type === "session.status" && typeof from === "string" && typeof to === "string")
    return describeStatusChange(from, to, typeof reason === "string" ? reason : null);
  return Object.entries(payload)
    .filter(([, value]) => value === null || ["string", "number", "boolean"].includes(typeof value))
    .map(([key, value]) => `${key}=${isMomentField(key, value) ? localTime(value) : String(value)}`)
    .join(" ")
    .slice(0, 200);
}
