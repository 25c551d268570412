import { git } from "../../../core/plugin-api.js";
import type { GitHubScmCtx } from "./scm-env.js";

/** One `url.<base>.insteadOf` (or `.pushInsteadOf`) rule. */
export interface UrlRewrite {
  base: string;
  prefix: string;
  push: boolean;
}

const REWRITE_KEY = /^url\.(.*)\.(pushinsteadof|insteadof)$/;

/**
 * The URL rewrites git applies to a push run from `gitDir`: system and global config (the person's
 * own) plus `gitDir`'s config, which ao wrote. `-z` keeps a value with a newline in one piece.
 */
export async function readUrlRewrites(
  ctx: Pick<GitHubScmCtx, "exec">,
  gitDir: string,
): Promise<UrlRewrite[]> {
  const result = await git(
    ctx,
    gitDir,
    [`--git-dir=${gitDir}`, "config", "-z", "--get-regexp", "^url\\..*\\.(push)?insteadof$"],
    { reject: false },
  );
  const rewrites: UrlRewrite[] = [];
  for (const entry of result.stdout.split("\0")) {
    const newline = entry.indexOf("\n");
    if (newline < 0) continue; // a key without a value rewrites nothing
    const match = REWRITE_KEY.exec(entry.slice(0, newline));
    if (match?.[1] === undefined) continue;
    rewrites.push({ base: match[1], prefix: entry.slice(newline + 1), push: match[2] === "pushinsteadof" });
  }
  // git keeps the rules per base, in the order each base first appears: that decides ties.
  const order = new Map<string, number>();
  for (const rewrite of rewrites) if (!order.has(rewrite.base)) order.set(rewrite.base, order.size);
  return rewrites.sort((a, b) => (order.get(a.base) ?? 0) - (order.get(b.base) ?? 0));
}

/**
 * What `git push <url>` contacts, as git works it out for a URL with no push URL of its own
 * (remote.c, alias_all_urls): the longest matching `pushInsteadOf` prefix, else the longest matching
 * `insteadOf` prefix, else the URL itself. Of equally long prefixes, the
 * first in git's order wins (see readUrlRewrites).
 */
export function rewritePushUrl(url: string, rewrites: readonly UrlRewrite[]): string {
  return (
    longestRewrite(
      url,
      rewrites.filter((rewrite) => rewrite.push),
    ) ??
    longestRewrite(
      url,
      rewrites.filter((rewrite) => !rewrite.push),
    ) ??
    url
  );
}

function longestRewrite(url: string, rewrites: readonly UrlRewrite[]): string | undefined {
  let best: UrlRewrite | undefined;
  for (const rewrite of rewrites) {
    if (url.startsWith(rewrite.prefix) && (best === undefined || rewrite.prefix.length > best.prefix.length))
      best = rewrite;
  }
  return best === undefined ? undefined : best.base + url.slice(best.prefix.length);
}
