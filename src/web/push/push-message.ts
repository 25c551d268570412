import type { LimitHit, ReactionEscalated, SessionQuestion } from "../../core/events/index.js";
import type { StoredEvent } from "../../core/store/index.js";

/** Why a person is told: the four things issue 27 names. */
export type PushKind = "question" | "needs-input" | "escalated" | "ready" | "rate-limited";

/** What the service worker shows (the decrypted payload, JSON): plain text, never markup. */
export interface PushMessage {
  readonly kind: PushKind;
  readonly title: string;
  readonly body: string;
  /** The session it is about, when there is one. */
  readonly sessionId: string | null;
  /** The dashboard's page for it, as a path of the dashboard's own origin (`/#/s/app-3`). */
  readonly url: string;
  /** The same tag replaces an earlier notification on the device instead of stacking. */
  readonly tag: string;
  /** The event it tells of. */
  readonly eventId: number;
}

/** Untrusted words (the agent's question) are cut to what a notification shows. */
const MAX_WORDS = 240;

type Told = Pick<PushMessage, "kind" | "tag" | "title" | "body">;
type Teller = (event: StoredEvent, about: string, localTime: (ms: number) => string) => Told;

/** One teller per event type that needs a person. */
const TELLERS: Readonly<Record<string, Teller>> = {
  "session.question": (event, about) => ({
    kind: "question",
    tag: `${about}:input`,
    title: `${about} asks you`,
    body: cut((event.payload as unknown as SessionQuestion["payload"]).text),
  }),
  "lifecycle.needs_input": (_event, about) => ({
    kind: "needs-input",
    tag: `${about}:input`,
    title: `${about} needs your input`,
    body: "The agent is waiting for an answer.",
  }),
  "reaction.escalated": (event, about) => {
    const { reaction, reason } = event.payload as unknown as ReactionEscalated["payload"];
    const what = reaction === "ci-failed" ? "CI failed after retries" : `${reaction} needs you`;
    return { kind: "escalated", tag: `${about}:${reaction}`, title: `${about}: ${what}`, body: cut(reason) };
  },
  "lifecycle.mergeable": (event, about) => ({
    kind: "ready",
    tag: `${about}:ready`,
    title: `${about}: approved and green`,
    body: `Pull request #${(event.payload as { pr: number }).pr} is ready to merge.`,
  }),
  "limit.hit": (event, about, localTime) => {
    const limit = event.payload as unknown as LimitHit["payload"];
    const until = limit.resetPrinted
      ? `until ${localTime(limit.resetAt)}`
      : `for now (ao tries again at ${localTime(limit.resetAt)})`;
    return {
      kind: "rate-limited",
      tag: `limit:${limit.agent}`,
      title: `${limit.agent} is rate limited`,
      body: `${about} and the other ${limit.agent} sessions wait ${until}.`,
    };
  },
};

/**
 * The push for a recorded event, or undefined when the event needs nobody (docs/dashboard.md,
 * "Notifications"): a question the agent asks, an agent waiting for input, a reaction escalated
 * to a person (CI still failing after its retries, changes still requested), a pull request
 * approved with CI green (ready to merge), an agent's rate limit. Pure: the dispatcher decides
 * whom it goes to.
 */
export function pushMessageOf(
  event: StoredEvent,
  localTime: (ms: number) => string,
): PushMessage | undefined {
  const teller = Object.hasOwn(TELLERS, event.type) ? TELLERS[event.type] : undefined;
  if (teller === undefined) return undefined;
  const id = event.sessionId;
  const url = id === null ? "/#/" : `/#/s/${encodeURIComponent(id)}`;
  return { ...teller(event, id ?? "ao", localTime), sessionId: id, url, eventId: event.id };
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= MAX_WORDS ? flat : `${flat.slice(0, MAX_WORDS - 1)}…`;
}
