import type { ReactionTable } from "../config/index.js";
import type { QueueEntry, Session } from "../store/index.js";
import { withEscalation, type PlannedReaction } from "./plan-reactions.js";
import { reactionPayload, type MessageFacts } from "./reaction-payload.js";

/** An entry that left the merge train, as it was recorded (its reason and detail say why). */
export interface LeftEntry {
  readonly session: Session;
  readonly entry: QueueEntry;
}

/**
 * The agent's one turn about why its session left the merge train (docs/merge-train.md), pure: a
 * conflict with the default branch is the `merge-conflicts` reaction (its files, and the lines in
 * `{{conflictLines}}`), red CI on the updated commit the `ci-failed` one. The dedupe keys are the
 * ones the lifecycle gives the same observation, so when its next look sees the same conflict or
 * failure the agent is still told once. Other reasons (an ended session) tell no agent.
 */
export function planTrainReactions(
  left: readonly LeftEntry[],
  reactions: ReactionTable,
  baseBranch: string,
  at: number,
): PlannedReaction[] {
  return left.flatMap(({ session, entry }) => {
    const head = entry.detail.leftHead;
    if (head === undefined) return [];
    const facts: MessageFacts = {
      session: session.id,
      project: session.project,
      issue: session.issue ?? undefined,
      branch: session.branch,
      baseBranch,
      since: at,
      queueEntry: entry.id,
      ...(entry.detail.pr === undefined
        ? {}
        : { pr: { number: entry.detail.pr, url: session.prUrl ?? undefined, headSha: head } }),
    };
    if (entry.reason === "conflict") {
      const files = [...(entry.detail.files ?? [])];
      const hunks = (entry.detail.hunks ?? []).map(({ file, start, end }) => ({ file, start, end }));
      const conflict = { with: baseBranch, withBranch: baseBranch, hunks, since: at };
      return planned(
        session,
        "merge-conflicts",
        `${head}`,
        { ...facts, conflicts: files, conflict },
        reactions,
        at,
      );
    }
    if (entry.reason === "ci_failed") {
      const checks = (entry.detail.checks ?? []).map((name) => ({ name }));
      const names = [...new Set(checks.map((check) => check.name))].sort();
      return planned(session, "ci-failed", `${head}:${names.join(",")}`, { ...facts, checks }, reactions, at);
    }
    return [];
  });
}

function planned(
  session: Session,
  key: "merge-conflicts" | "ci-failed",
  content: string,
  facts: MessageFacts,
  reactions: ReactionTable,
  at: number,
): PlannedReaction[] {
  const config = reactions[key];
  if (!config.auto) return [];
  return withEscalation(
    {
      sessionId: session.id,
      reactionKey: key,
      dedupeKey: `${session.id}:${key}:${content}`,
      dueAt: at,
      payload: reactionPayload(key, config, facts),
    },
    config,
  );
}
