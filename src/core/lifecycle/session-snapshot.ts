import type { SessionSnapshot } from "../slots/index.js";
import type { Session } from "../store/index.js";

/**
 * The snapshot decide is given, from the stored row. A row from before the lifecycle engine has no
 * `status_since` (its last update stands in) and no memory: `{}` so every probe is debounced from
 * the first cycle on (docs/lifecycle.md).
 */
export function snapshotOf(session: Session): SessionSnapshot {
  return {
    sessionId: session.id,
    status: session.status,
    reason: session.reason ?? "",
    since: session.statusSince ?? session.updatedAt,
    ...(session.lastActivityAt === null ? {} : { lastActivityAt: session.lastActivityAt }),
    ...(session.prNumber === null
      ? {}
      : { pr: { number: session.prNumber, ...(session.prUrl === null ? {} : { url: session.prUrl }) } }),
    memory: session.memory ?? {},
  };
}
