import type { ConflictPair } from "../store/index.js";

/** A live session's branch and where its head is now. */
export interface RadarHead {
  readonly sessionId: string;
  readonly branch: string;
  readonly createdAt: number;
  readonly sha: string;
}

/** Two sides to merge: `right` null is the default branch. */
export interface WantedPair {
  readonly left: string;
  readonly right: string | null;
  readonly leftBranch: string;
  readonly rightBranch: string;
  readonly leftSha: string;
  readonly rightSha: string;
}

/** What a cycle has to do: merge the pairs whose heads moved (or are new), forget the gone ones. */
export interface RadarWork {
  readonly check: readonly WantedPair[];
  readonly gone: readonly ConflictPair[];
}

/**
 * Every pair the radar watches, pure: each two live sessions (the earlier created on the left, so a
 * pair has one order) and each session against the default branch's head when it is known.
 */
export function wantedPairs(
  heads: readonly RadarHead[],
  base: { branch: string; sha: string } | undefined,
): WantedPair[] {
  const ordered = [...heads].sort(
    (a, b) => a.createdAt - b.createdAt || a.sessionId.localeCompare(b.sessionId, "en", { numeric: true }),
  );
  const pairs: WantedPair[] = [];
  ordered.forEach((left, index) => {
    for (const right of ordered.slice(index + 1)) pairs.push(sidesOf(left, right.sessionId, right));
    if (base !== undefined) pairs.push(sidesOf(left, null, base));
  });
  return pairs;
}

/**
 * The pairs a cycle watches: wantedPairs of the sessions with commits of their own, and, of a
 * session whose head is the default branch's (a branch with nothing of its own yet: merged with
 * anything it brings nothing, and its pair with the default branch is clean by definition), only
 * the pairs stored while it had commits, so that what was found about them is checked and cleared
 * as before. Without this, N idle sessions would be N²/2 pairs stored and listed every cycle.
 */
export function watchedPairs(
  heads: readonly RadarHead[],
  base: { branch: string; sha: string } | undefined,
  stored: readonly Pick<ConflictPair, "left" | "right">[],
): WantedPair[] {
  const level = (head: RadarHead): boolean => base !== undefined && head.sha === base.sha;
  const pairs = wantedPairs(
    heads.filter((head) => !level(head)),
    base,
  );
  const byId = new Map(heads.map((head) => [head.sessionId, head]));
  for (const pair of stored) {
    const left = byId.get(pair.left);
    const right = pair.right === null ? base : byId.get(pair.right);
    if (left === undefined || right === undefined) continue;
    const levelRight = pair.right !== null && level(right as RadarHead);
    if (!level(left) && !levelRight) continue; // among `pairs` already
    pairs.push(sidesOf(left, pair.right, right));
  }
  return pairs;
}

function sidesOf(left: RadarHead, right: string | null, other: { branch: string; sha: string }): WantedPair {
  return {
    left: left.sessionId,
    right,
    leftBranch: left.branch,
    rightBranch: other.branch,
    leftSha: left.sha,
    rightSha: other.sha,
  };
}

/**
 * Compares the wanted pairs with what is stored, pure: a pair is merged again only when one of its
 * heads (or branches) moved; a stored pair no longer wanted is gone.
 */
export function radarWork(wanted: readonly WantedPair[], stored: readonly ConflictPair[]): RadarWork {
  const known = new Map(stored.map((pair) => [pairKey(pair), pair]));
  const check = wanted.filter((pair) => {
    const previous = known.get(pairKey(pair));
    return previous === undefined || !sameHeads(previous, pair);
  });
  const wantedKeys = new Set(wanted.map(pairKey));
  return { check, gone: stored.filter((pair) => !wantedKeys.has(pairKey(pair))) };
}

/** One pair's identity within a project. */
export function pairKey(pair: Pick<WantedPair, "left" | "right">): string {
  return `${pair.left}\u0000${pair.right ?? ""}`;
}

function sameHeads(stored: ConflictPair, wanted: WantedPair): boolean {
  return (
    stored.leftSha === wanted.leftSha &&
    stored.rightSha === wanted.rightSha &&
    stored.leftBranch === wanted.leftBranch &&
    stored.rightBranch === wanted.rightBranch
  );
}
