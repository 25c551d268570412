import type { ReactionTable } from "../config/index.js";
import type { PairChange } from "../conflicts/index.js";
import type { Session } from "../store/index.js";
import { withEscalation, type PlannedReaction } from "./plan-reactions.js";
import { reactionPayload } from "./reaction-payload.js";

/**
 * conflict-predicted reactions for a radar pass, pure: one per pair of sessions that began to
 * conflict (or whose conflicting files changed), about the later session, naming the earlier one.
 * The default branch is left to merge-conflicts. The dedupe key holds the other session, when the
 * conflict began and its files, so the same conflict is told once, and again only when it changes.
 */
export function planConflictReactions(
  changes: readonly PairChange[],
  sessions: ReadonlyMap<string, Session>,
  reactions: ReactionTable,
  baseBranch: string,
  at: number,
): PlannedReaction[] {
  const config = reactions["conflict-predicted"];
  if (!config.auto) return [];
  return changes.flatMap(({ pair, event }) => {
    const later = pair.right === null ? undefined : sessions.get(pair.right);
    if (event?.type !== "conflict.predicted" || pair.kind !== "conflict" || later === undefined) return [];
    const dedupeKey = `${later.id}:conflict-predicted:${pair.left}:${pair.since}:${pair.files.join(",")}`;
    const facts = {
      session: later.id,
      project: later.project,
      issue: later.issue ?? undefined,
      branch: later.branch,
      baseBranch,
      since: pair.since,
      conflicts: [...pair.files],
      conflict: {
        with: pair.left,
        withBranch: pair.leftBranch,
        hunks: pair.hunks.map(({ file, start, end }) => ({ file, start, end })),
        since: pair.since,
      },
    };
    const planned: PlannedReaction = {
      sessionId: later.id,
      reactionKey: "conflict-predicted",
      dedupeKey,
      dueAt: at,
      payload: reactionPayload("conflict-predicted", config, facts),
    };
    return withEscalation(planned, config);
  });
}
