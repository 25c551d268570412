import type { SessionCheckout } from "./session-checkout.js";

/** How much a session's branch changes against its base, as of one head. */
export interface DiffSize {
  readonly added: number;
  readonly removed: number;
  readonly files: number;
  /** The commit measured: the same head needs no second measure. */
  readonly head: string;
  /** The base ref compared against (`refs/heads/main`, else `refs/remotes/origin/main`). */
  readonly base: string;
}

/** The commit the checkout's HEAD is at; undefined when the checkout is gone or git cannot tell. */
export async function checkoutHead(checkout: SessionCheckout): Promise<string | undefined> {
  if (!(await checkout.present())) return undefined;
  const head = await checkout.git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  return head.failed ? undefined : head.stdout.trim() || undefined;
}

/**
 * `git diff --numstat <base>...<head>` in the session's checkout: the lines added and removed and
 * the files touched since the branch left its base (the local base branch, else origin's), so
 * commits that landed on the base meanwhile do not count. Undefined when no base is found.
 */
export async function diffSize(
  checkout: SessionCheckout,
  base: string,
  head: string,
): Promise<DiffSize | undefined> {
  const ref = await baseRef(checkout, base);
  if (ref === undefined) return undefined;
  const diff = await checkout.git(["diff", "--numstat", "--no-renames", `${ref}...${head}`]);
  if (diff.failed) return undefined;
  return { ...parseNumstat(diff.stdout), head, base: ref };
}

/** The ref a base branch is compared as: the local branch, else origin's; undefined when neither exists. */
export async function baseRef(checkout: SessionCheckout, base: string): Promise<string | undefined> {
  for (const ref of [`refs/heads/${base}`, `refs/remotes/origin/${base}`]) {
    const found = await checkout.git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
    if (!found.failed) return ref;
  }
  return undefined;
}

/** Sums `--numstat` lines (`added<TAB>removed<TAB>path`; a binary file's counts are `-`). */
export function parseNumstat(text: string): { added: number; removed: number; files: number } {
  let added = 0;
  let removed = 0;
  let files = 0;
  for (const line of text.split("\n")) {
    const [plus, minus] = line.split("\t");
    if (minus === undefined) continue;
    files += 1;
    added += Number.parseInt(plus ?? "", 10) || 0;
    removed += Number.parseInt(minus, 10) || 0;
  }
  return { added, removed, files };
}
