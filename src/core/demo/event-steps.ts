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
  const payload = event.payload;
  const text = (key: string): string => {
    const value = payload[key];
    return typeof value === "string" || typeof value === "number" ? String(value) : "";
  };
  switch (event.type) {
    case "pr.opened":
      return { kind: "pr_opened", title: `pull request #${text("number")} opened`, detail: [text("url")] };
    case "lifecycle.ci_failed":
      return ciFailed(payload);
    case "session.status":
      // A new reason for the same status is no step of the loop.
      if (text("from") === text("to")) return undefined;
      return {
        kind: "status",
        title: `status ${text("from")} → ${text("to")} (${text("reason")})`,
        detail: [],
      };
    case "reaction.delivered":
      return {
        kind: "reaction",
        title: `reaction ${text("reaction")}: ${ACTION_TEXT[text("action")] ?? text("action")}`,
        detail: [],
      };
    case "reaction.failed":
    case "reaction.escalated":
      return {
        kind: "warning",
        title: `reaction ${text("reaction")} ${event.type.slice("reaction.".length)} (attempt ${text("attempt")})`,
        detail: text("error") === "" ? [] : [text("error")],
      };
    case "notification.failed":
      return {
        kind: "warning",
        title: `notification through ${text("notifier")} failed`,
        detail: text("error") === "" ? [] : [text("error")],
      };
    default:
      return undefined;
  }
}

function ciFailed(payload: Record<string, unknown>): EventStep {
  const checks = Array.isArray(payload["checks"]) ? (payload["checks"] as Record<string, unknown>[]) : [];
  const sha = typeof payload["headSha"] === "string" ? payload["headSha"].slice(0, 7) : "?";
  const names = checks.map((check) => (typeof check["name"] === "string" ? check["name"] : "?"));
  const detail = checks.flatMap((check) => tailOf(check["logTail"]));
  return { kind: "ci_failed", title: `CI failed on ${sha}: ${names.join(", ") || "no check named"}`, detail };
}

/**
 * What broke, from a check's log tail: the failing tests and what they expected (TAP, which
 * `node --test` writes when its output is not a terminal), else simply the last lines.
 */
function tailOf(logTail: unknown): string[] {
  if (typeof logTail !== "string") return [];
  const lines = logTail.split("\n").filter((line) => line.trim() !== "");
  const telling = lines.filter((line) => /^\s*(not ok\b|expected:|actual:)/.test(line));
  return telling.length > 0 ? telling : lines.slice(-TAIL_LINES);
}
