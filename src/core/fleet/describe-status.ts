import type { Session } from "../store/session-row.js";
import { PHRASES, reasonWords } from "./status-words.js";

/**
 * One line for people saying what state a session is in, with what the store knows about why:
 * the failing checks, the open threads, the agent's exit code, the reason in words otherwise.
 */
export function describeStatus(session: Session): string {
  const phrase = PHRASES[session.status];
  const detail = statusDetail(session);
  return detail === undefined ? phrase : `${phrase}: ${detail}`;
}

function statusDetail(session: Session): string | undefined {
  const pr = session.prState;
  if (session.status === "ci_failed" && pr !== null && pr.ci.failing.length > 0)
    return pr.ci.failing.map((check) => check.name).join(", ");
  if (session.status === "changes_requested" && pr !== null && pr.review.threads.length > 0)
    return `${pr.review.threads.length} unresolved thread(s)`;
  if (session.status === "exited" && session.exit !== null)
    return session.exit.exitCode === null ? "no exit code" : `exit code ${session.exit.exitCode}`;
  return reasonWords(session.reason);
}
