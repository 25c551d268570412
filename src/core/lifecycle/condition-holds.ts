import { isTerminalStatus, type Session } from "../store/index.js";
import { isApprovedAndGreen } from "./plan-reactions.js";
import type { ReactionPayload } from "./reaction-payload.js";

/**
 * Whether what a reaction reacts to is still true of the session as last observed, pure. A
 * reaction whose condition cleared before it was delivered (the agent pushed a fix, the PR was
 * merged, the agent was restored) is cancelled instead of sent late; an `…:escalate` row whose
 * condition cleared tells no one. Returns why not, or undefined when it holds.
 */
export function clearedBecause(payload: ReactionPayload, session: Session | undefined): string | undefined {
  if (payload.reaction === "all-complete") return undefined;
  if (session === undefined) return "the session no longer exists";
  const pr = session.prState;
  const head = payload.facts.pr?.headSha;
  const sameHead = pr !== null && head !== undefined && pr.headSha === head;
  // The merge train's turn (it left the queue) holds on the head the train saw, also while the
  // lifecycle has not looked at the pull request since it left: on a forge the train pushes, tests
  // and leaves within one cycle, after that cycle's observation of the old head.
  const notLookedSince = pr === null || pr.observedAt <= payload.facts.since;
  const trainHolds = payload.facts.queueEntry !== undefined && (sameHead || notLookedSince);
  switch (payload.reaction) {
    case "ci-failed":
      if (trainHolds) return undefined;
      return sameHead && pr.ci.state === "failing" ? undefined : "CI is no longer failing on that head";
    case "changes-requested":
      return pr?.review.decision === "changes_requested" && threadsRemain(payload, session)
        ? undefined
        : "the requested changes were addressed";
    case "merge-conflicts":
      if (trainHolds) return undefined;
      return sameHead && pr.conflicts === true ? undefined : "the branch no longer conflicts on that head";
    case "approved-and-green":
      return head !== undefined && isApprovedAndGreen(pr, head)
        ? undefined
        : "the pull request is no longer approved and green on that head";
    case "agent-stuck":
      return session.status === "stuck" ? undefined : `the session is ${session.status} now`;
    case "agent-needs-input":
      return session.memory?.needsInput === true ? undefined : "the agent is no longer waiting for input";
    case "agent-exited":
      return session.status === "exited" ? undefined : `the session is ${session.status} now`;
    case "pr-closed":
      return session.status === "closed" ? undefined : `the session is ${session.status} now`;
    case "conflict-predicted":
      // Whether the pair still conflicts is the radar's stored pair (conflict-holds.ts), not the session's.
      return isTerminalStatus(session.status) ? `the session is ${session.status} now` : undefined;
  }
}

/** Requested changes without threads are keyed by head; with threads, one of them is still unresolved. */
function threadsRemain(payload: ReactionPayload, session: Session): boolean {
  const threads = payload.facts.threads ?? [];
  const open = new Set(session.prState?.review.threads.map((thread) => thread.id) ?? []);
  if (threads.length === 0) return session.prState?.headSha === payload.facts.pr?.headSha;
  return threads.some((thread) => open.has(thread.id));
}
