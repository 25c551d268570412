import type { ReactionTable } from "../config/index.js";
import type { Session } from "../store/index.js";
import type { PlannedReaction } from "./plan-reactions.js";
import { reactionPayload, type MessageFacts } from "./reaction-payload.js";

/**
 * `all-complete`: once every session of a project is over (terminal), once per set of sessions.
 * Called only when a session of the project ended in this cycle, so a project whose sessions were
 * all killed by a person long ago does not announce it.
 */
export function planAllComplete(
  project: string,
  sessions: readonly Session[],
  reactions: ReactionTable,
  options: { at: number; baseBranch: string; isOver: (session: Session) => boolean },
): PlannedReaction[] {
  const config = reactions["all-complete"];
  if (!config.auto || sessions.length === 0 || !sessions.every(options.isOver)) return [];
  const ids = sessions.map((session) => session.id).sort();
  const summary = sessions
    .map((session) => {
      const pr = session.prUrl ?? (session.prNumber === null ? undefined : `#${session.prNumber}`);
      return `${session.id}: ${session.status}${pr === undefined ? "" : ` ${pr}`}`;
    })
    .join("\n");
  const facts: MessageFacts = { project, baseBranch: options.baseBranch, since: options.at, summary };
  return [
    {
      sessionId: null,
      reactionKey: "all-complete",
      dedupeKey: `${project}:all-complete:${ids.join(",")}`,
      dueAt: options.at,
      payload: reactionPayload("all-complete", config, facts),
    },
  ];
}
