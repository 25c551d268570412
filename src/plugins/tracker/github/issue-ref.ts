import { AoError } from "../../../core/plugin-api.js";
import type { GitHubRepo } from "../../_shared/github/repo.js";

/**
 * The issue number in what a person types: `12`, `#12`, `owner/repo#12`, or the issue's URL
 * (`https://github.com/owner/repo/issues/12`, any host for GitHub Enterprise). A reference to
 * another repository is refused rather than silently read from this one.
 */
export function gitHubIssueNumber(ref: string, repo: GitHubRepo): number {
  const text = ref.trim();
  const plain = /^#?(\d+)$/.exec(text)?.[1];
  if (plain !== undefined) return Number(plain);
  const qualified = /^([\w.-]+)\/([\w.-]+)#(\d+)$/.exec(text) ?? issueUrl(text);
  if (qualified === null) {
    throw new AoError("E_NOT_FOUND", `${JSON.stringify(ref)} names no GitHub issue`, {
      hint: `refer to an issue of ${repo.owner}/${repo.repo} as 12, #12 or its URL`,
      details: { ref },
    });
  }
  const [, owner, name, number] = qualified;
  if (owner?.toLowerCase() !== repo.owner.toLowerCase() || name?.toLowerCase() !== repo.repo.toLowerCase()) {
    throw new AoError(
      "E_NOT_FOUND",
      `${ref} is an issue of ${owner ?? ""}/${name ?? ""}, not of ${repo.owner}/${repo.repo}`,
      {
        hint: "spawn it from the project whose tracker is that repository, or set tracker.repo",
        details: { ref },
      },
    );
  }
  return Number(number);
}

function issueUrl(text: string): RegExpExecArray | null {
  if (!/^https?:\/\//.test(text)) return null;
  let path: string;
  try {
    path = new URL(text).pathname;
  } catch {
    return null;
  }
  return /^\/([\w.-]+)\/([\w.-]+)\/issues\/(\d+)\/?$/.exec(path);
}
