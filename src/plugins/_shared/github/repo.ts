import { AoError } from "../../../core/plugin-api.js";

export interface GitHubRepo {
  owner: string;
  repo: string;
}

const FORMS = [
  /^([\w.-]+)\/([\w.-]+?)(?:\.git)?$/, // owner/repo
  /^https?:\/\/[^/]+\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/, // https://github.com/owner/repo(.git)
  /^(?:ssh:\/\/)?git@[^:/]+[:/]([\w.-]+)\/([\w.-]+?)(?:\.git)?$/, // git@github.com:owner/repo.git
];

/** `owner/repo`, an https URL or an ssh remote of a GitHub repository → `{ owner, repo }`. */
export function parseGitHubRepo(value: string): GitHubRepo {
  const text = value.trim();
  for (const form of FORMS) {
    const match = form.exec(text);
    if (match?.[1] && match[2]) return { owner: match[1], repo: match[2] };
  }
  throw new AoError("E_CONFIG_INVALID", `"${value}" is not a GitHub repository`, {
    hint: "write it as owner/repo (e.g. acme/widgets)",
  });
}

export function formatGitHubRepo(repo: GitHubRepo): string {
  return `${repo.owner}/${repo.repo}`;
}
