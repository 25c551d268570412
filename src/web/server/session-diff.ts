import { AoError } from "../../core/errors.js";
import { baseRef, checkoutHead, parseNumstat, type SessionCheckout } from "../../core/sessions/index.js";
import type { SessionDiffAnswer } from "../api/review-types.js";
import { parseUnifiedDiff } from "./diff-hunks.js";

/** Over these, the page gets the size only: a diff it could not show usefully anyway. */
export interface DiffBounds {
  readonly maxFiles: number;
  /** Added plus removed lines. */
  readonly maxLines: number;
}

export const DIFF_BOUNDS: DiffBounds = { maxFiles: 300, maxLines: 20_000 };

const DIFF_ARGS = ["--no-color", "--no-ext-diff", "--find-renames"] as const;

/**
 * A session's committed change for review: `git diff <merge base> <head>` in its checkout, where the
 * merge base is where the branch left its base (the local base branch, else origin's), so commits
 * that landed on the base meanwhile are not shown. Measured with `--numstat` first; over `bounds`
 * only the size is answered.
 */
export async function readSessionDiff(
  checkout: SessionCheckout,
  session: { id: string; baseBranch: string | undefined },
  bounds: DiffBounds = DIFF_BOUNDS,
): Promise<SessionDiffAnswer> {
  const head = await checkoutHead(checkout);
  if (head === undefined)
    throw new AoError("E_NOT_FOUND", `the checkout of ${session.id} is gone`, {
      hint: `ao session restore ${session.id} recreates it`,
    });
  const base = session.baseBranch === undefined ? undefined : await baseRef(checkout, session.baseBranch);
  if (base === undefined)
    throw new AoError(
      "E_NOT_FOUND",
      `no base branch ${session.baseBranch ?? "(none configured)"} to compare ${session.id} with`,
      {
        hint: "set the project's defaultBranch to the branch sessions start from",
      },
    );
  const mergeBase = (await gitOut(checkout, ["merge-base", base, head])).trim();
  const size = parseNumstat(await gitOut(checkout, ["diff", "--numstat", ...DIFF_ARGS, mergeBase, head]));
  const answer = { session: session.id, head, base, mergeBase, added: size.added, removed: size.removed };
  const lines = size.added + size.removed;
  if (size.files > bounds.maxFiles || lines > bounds.maxLines)
    return { ...answer, files: [], tooLarge: { files: size.files, lines, ...bounds } };
  const patch = await gitOut(checkout, ["-c", "core.quotePath=false", "diff", ...DIFF_ARGS, mergeBase, head]);
  return { ...answer, files: parseUnifiedDiff(patch), tooLarge: null };
}

async function gitOut(checkout: SessionCheckout, args: readonly string[]): Promise<string> {
  const result = await checkout.git(args);
  if (result.failed)
    throw new AoError("E_EXEC_FAILED", `git ${args.join(" ")} failed: ${result.stderr.trim()}`);
  return result.stdout;
}
