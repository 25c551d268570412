import { eventIs } from "../events/event-feed.js";
import type { FailingCheck } from "../slots/index.js";
import type { StoredEvent } from "../store/index.js";
import type { DemoStepKind } from "./demo-steps.js";

/** A step to record, derived from one event of the store. */
export interface EventStep {
  kind: DemoStepKind;
  title: string;
  detail: string[];
}

/** How many lines of a failing check's log tail the demo shows. */
const TAIL_LINES = 8;

const ACTION_TEXT: Readonly<Record<string, string>> = {
  "send-to-agent": "sent to the agent (pasted into its pane, submit confirmed)",
  notify: "handed to the notifiers",
  "auto-merge": "merged",
};

/**
 * The events of the lifecycle engine (docs/lifecycle.md, contract §3) that tell the loop's story.
 * Others (`lifecycle.approved`, `reaction.planned`, …) are left out: they repeat a step shown
 * already.
 */
export function stepForEvent(event: StoredEvent): EventStep | undefined {
  if (eventIs(event, "pr.opened")) {
    const { number, url } = event.payload;
    return { kind: "pr_opened", title: `pull request #${number} opened`, detail: [url] };
  }
  if (eventIs(event, "lifecycle.ci_failed")) return ciFailed(event.payload);
  if (eventIs(event, "session.status")) {
    const { from, to, reason } = event.payload;
    // A new reason for the same status is no step of the loop.
    return from === to
      ? undefined
      : { kind: "status", title: `status ${from} → ${to} (${reason})`, detail: [] };
  }
  if (eventIs(event, "reaction.delivered")) {
    const { reaction, action } = event.payload;
    return { kind: "reaction", title: `reaction ${reaction}: ${ACTION_TEXT[action] ?? action}`, detail: [] };
  }
  if (eventIs(event, "reaction.failed")) return reactionWarning("failed", event.payload, event.payload.error);
  if (eventIs(event, "reaction.escalated")) return reactionWarning("escalated", event.payload, "");
  if (eventIs(event, "notification.failed")) {
    const { notifier, error } = event.payload;
    return {
      kind: "warning",
      title: `notification through ${notifier} failed`,
      detail: error ? [error] : [],
    };
  }
  return undefined;
}

function reactionWarning(
  what: string,
  { reaction, attempt }: { reaction: string; attempt: number },
  error: string,
): EventStep {
  return {
    kind: "warning",
    title: `reaction ${reaction} ${what} (attempt ${attempt})`,
    detail: error ? [error] : [],
  };
}

function ciFailed(payload: { headSha: string; checks: FailingCheck[] }): EventStep {
  const names = payload.checks.map((check) => check.name);
  const detail = payload.checks.flatMap((check) => tailOf(check.logTail));
  const title = `CI failed on ${payload.headSha.slice(0, 7)}: ${names.join(", ") || "no check named"}`;
  return { kind: "ci_failed", title, detail };
}

/**
 * What broke, from a check's log tail: the failing tests and what they expected (TAP, which
 * `node --test` writes when its output is not a terminal), else simply the last lines.
 */
function tailOf(logTail: string | undefined): string[] {
  if (logTail === undefined) return [];
  const lines = logTail.split("\n").filter((line) => line.trim() !== "");
  const telling = lines.filter((line) => /^\s*(not ok\b|expected:|actual:)/.test(line));
  return telling.length > 0 ? telling : lines.slice(-TAIL_LINES);
}
