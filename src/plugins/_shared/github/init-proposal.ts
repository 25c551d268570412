import type { InitProposal, InitRepository } from "../../../core/plugin-api.js";

/** github.com, a GitHub Enterprise server (its name says so, or GH_HOST lists it), or neither. */
export type GitHubHostKind = "github" | "github-enterprise" | "other";

export function classifyGitHubHost(
  host: string,
  env: Readonly<Record<string, string | undefined>>,
): GitHubHostKind {
  const name = host.toLowerCase();
  if (name === "github.com" || name === "www.github.com" || name === "ssh.github.com") return "github";
  const listed = (env["GH_HOST"] ?? "")
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  return name.includes("github") || listed.includes(name) ? "github-enterprise" : "other";
}

/**
 * The init capability of tracker/github and scm/github: an origin on github.com or an Enterprise
 * server is theirs, with the repository as the project's `repo` and, for Enterprise, its API URL.
 */
export function proposeGitHub(repository: InitRepository): InitProposal | undefined {
  const origin = repository.origin;
  if (origin === undefined) return undefined;
  const kind = classifyGitHubHost(origin.host, repository.env);
  if (kind === "other") return undefined;
  return {
    fit: "hosted",
    hostKind: kind,
    repo: `${origin.owner}/${origin.repo}`,
    options: kind === "github-enterprise" ? { apiUrl: `https://${origin.host}/api/v3` } : {},
  };
}
