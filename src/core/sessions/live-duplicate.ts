import { AoError } from "../errors.js";
import { listSessions, type Store } from "../store/index.js";

/**
 * A second session for an issue that already has a live one is refused when the caller asks so
 * (the dashboard does, unless the person chose a second one): it would work on a `-2` branch next
 * to the first, which nobody meant by clicking "Start session" twice. `ao spawn` keeps starting it.
 */
export function refuseLiveDuplicate(store: Store, project: string, issueId: string | null): void {
  if (issueId === null) return;
  const live = listSessions(store, { project, activeOnly: true }).filter(
    (session) => session.issue === issueId,
  );
  if (live.length === 0) return;
  const names = live.map((session) => session.id).join(", ");
  throw new AoError("E_EXISTS", `issue ${issueId} already has a live session: ${names}`, {
    hint: `open ${live[0]!.id}, or ask for a second session on purpose (the page's "Start a second session")`,
    details: { issue: issueId, sessions: live.map((session) => session.id) },
  });
}
