import { listConflictPairs, type Store } from "../store/index.js";
import type { ReactionPayload } from "./reaction-payload.js";

/**
 * For a conflict-predicted reaction: whether the radar's stored pair still conflicts, as it did
 * when the reaction was planned (same `since`). Returns why not, or undefined when it holds (and
 * for every other reaction). A pair that merges cleanly now, or whose side ended, is not sent late.
 */
export function conflictClearedBecause(store: Store, payload: ReactionPayload): string | undefined {
  const conflict = payload.facts.conflict;
  const session = payload.facts.session;
  if (payload.reaction !== "conflict-predicted" || conflict === undefined || session === undefined)
    return undefined;
  const pair = listConflictPairs(store, { project: payload.facts.project }).find(
    (stored) => stored.left === conflict.with && stored.right === session,
  );
  if (pair === undefined) return `${conflict.with} or ${session} is no longer live`;
  if (pair.kind !== "conflict" || pair.since !== conflict.since)
    return `${session} no longer conflicts with ${conflict.with} as it did`;
  return undefined;
}
