import type { Notification, NotificationPriority } from "../slots/index.js";
import type { ReactionPayload } from "./reaction-payload.js";

const TITLES: Record<ReactionPayload["reaction"], string> = {
  "ci-failed": "CI failed",
  "changes-requested": "changes requested",
  "merge-conflicts": "merge conflicts",
  "approved-and-green": "approved and green, ready to merge",
  "agent-stuck": "the agent seems stuck",
  "agent-needs-input": "the agent needs your input",
  "agent-exited": "the agent exited",
  "pr-closed": "pull request closed",
  "all-complete": "all sessions are done",
  "conflict-predicted": "conflict predicted with another session",
};

/** The command a person runs next, by reaction. */
export function nextCommand(payload: ReactionPayload): string {
  const session = payload.facts.session;
  if (session === undefined) return "ao session ls --all";
  switch (payload.reaction) {
    case "approved-and-green":
      return `ao merge ${session}`;
    case "agent-exited":
      return `ao session restore ${session}`;
    case "pr-closed":
      return "ao session cleanup";
    default:
      return `ao session attach ${session}`;
  }
}

/** What a `notify` reaction tells a person: which session, what happened, the PR link, what to run. */
export function reactionNotification(payload: ReactionPayload, body: string): Notification {
  const who = payload.facts.session ?? payload.facts.project;
  return withContext(payload, {
    title: `${who}: ${TITLES[payload.reaction]}`,
    body,
    priority: payload.priority,
  });
}

/**
 * What a person is told when ao gives a reaction up to them: the reaction could not be delivered
 * (attempts exhausted, a merge refused) or its condition outlasted `escalateAfter`. Urgent: someone
 * has to act, and nothing else will.
 */
export function escalationNotification(payload: ReactionPayload, reason: string, body: string): Notification {
  const who = payload.facts.session ?? payload.facts.project;
  const priority: NotificationPriority = "urgent";
  return withContext(payload, {
    title: `${who}: ${TITLES[payload.reaction]} — needs a person`,
    body: `${reason}\n\n${body}`,
    priority,
    nextCommand: payload.reaction === "approved-and-green" ? nextCommand(payload) : attachOr(payload),
  });
}

function attachOr(payload: ReactionPayload): string {
  const session = payload.facts.session;
  return session === undefined ? nextCommand(payload) : `ao session attach ${session}`;
}

function withContext(payload: ReactionPayload, notification: Notification): Notification {
  const url = payload.facts.pr?.url;
  return {
    ...notification,
    ...(payload.facts.session === undefined ? {} : { sessionId: payload.facts.session }),
    ...(url === undefined ? {} : { url }),
    nextCommand: notification.nextCommand ?? nextCommand(payload),
  };
}
