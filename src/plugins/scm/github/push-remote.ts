import { isAbsolute, join, resolve } from "node:path";
import { AoError, git } from "../../../core/plugin-api.js";
import { GITHUB_ERRORS } from "../../_shared/github/error-codes.js";
import { resolveApiUrl } from "../../_shared/github/endpoints.js";
import { formatGitHubRepo, type GitHubRepo } from "../../_shared/github/repo.js";
import { readUrlRewrites, rewritePushUrl } from "./rewrite-push-url.js";
import type { GitHubScmEnv } from "./scm-env.js";

/** Where a push goes: https (needs the token), ssh (its own keys), or a path on this machine. */
export type PushTransport = "https" | "ssh" | "local";

/** The git host that goes with the API: github.com for api.github.com, else the API's own host. */
export function gitHostFor(env: Pick<GitHubScmEnv, "ctx" | "apiUrl">): string {
  const host = new URL(resolveApiUrl(env.ctx.env, env.apiUrl)).hostname.toLowerCase();
  return host === "api.github.com" ? "github.com" : host;
}

/** One URL a push goes to: what to hand `git push`, and how it travels once git has rewritten it. */
export interface PushTarget {
  url: string;
  transport: PushTransport;
}

/** Where the push's inputs live: the agent's worktree, its repository's common dir, ao's push dir. */
export interface PushPlaces {
  worktree: string;
  commonDir: string;
  gitDir: string;
}

/**
 * The worktree belongs to the agent, which can point the remote anywhere; the token must only ever
 * reach the forge the plugin talks to. The remote's URLs (push URLs, else URLs) are read from the
 * repository's config file alone, without following `include.path`, and checked as git will use them
 * from ao's push dir: after the person's own `insteadOf`/`pushInsteadOf` rules (system and global
 * config). Rules in the repository's config are never read, so they cannot redirect the push.
 */
export async function checkPushRemote(env: GitHubScmEnv, places: PushPlaces): Promise<PushTarget[]> {
  const expected = gitHostFor(env);
  const urls = await configuredUrls(env, places);
  const rewrites = await readUrlRewrites(env.ctx, places.gitDir);
  return urls.map((configured) => {
    const url = absoluteLocalPath(configured, places.worktree);
    const transport = classifyRemote(env, rewritePushUrl(url, rewrites), expected);
    return { url, transport };
  });
}

async function configuredUrls(env: GitHubScmEnv, places: PushPlaces): Promise<string[]> {
  const file = join(places.commonDir, "config");
  for (const key of ["pushurl", "url"]) {
    const args = ["config", "--file", file, "--get-all", `remote.${env.remote}.${key}`];
    const result = await git(env.ctx, places.gitDir, args, { reject: false });
    // Exit 1 is git's "no such key"; anything else (an unreadable or broken file) is worth its words.
    if (result.failed && result.exitCode !== 1)
      throw new AoError(
        "E_EXEC_FAILED",
        `could not read remote ${env.remote} from ${file}: ${result.stderr.trim()}`,
        {
          hint: `check the file (git config --file ${file} --list)`,
          details: { remote: env.remote, config: file, exitCode: result.exitCode },
        },
      );
    const urls = result.stdout.split("\n").filter((line) => line.trim() !== "");
    if (urls.length > 0) return urls;
  }
  throw new AoError("E_NOT_FOUND", `remote ${env.remote} has no URL in ${file}`, {
    hint: `add it (git remote add ${env.remote} <url>) or set scm/github's remote option to the one that points at GitHub`,
    details: { remote: env.remote, config: file },
  });
}

/** A relative path meant the worktree's directory (git's cwd); the push runs elsewhere. */
function absoluteLocalPath(url: string, worktree: string): string {
  return parseRemote(url) === "local" && !/^file:/i.test(url) && !isAbsolute(url)
    ? resolve(worktree, url)
    : url;
}

function classifyRemote(env: GitHubScmEnv, url: string, expected: string): PushTransport {
  const parsed = parseRemote(url);
  if (parsed === "local") return checkLocalAllowed(env, url);
  if (parsed === undefined || parsed.host !== expected)
    throw new AoError(
      GITHUB_ERRORS.E_GITHUB_API,
      `remote ${env.remote} pushes to ${url}, not to ${expected}`,
      {
        hint: `point ${env.remote} back at ${expected} (git remote set-url --push ${env.remote} …) and check url.*.insteadOf in your git config (git config --show-origin --get-regexp '^url')`,
        details: { remote: env.remote, url, expected },
      },
    );
  if (!namesRepository(parsed.path, env.repo)) {
    const repository = formatGitHubRepo(env.repo);
    throw new AoError(
      GITHUB_ERRORS.E_GITHUB_API,
      `remote ${env.remote} pushes to ${url}, not to the project's repository ${repository}`,
      {
        hint: `point ${env.remote} at https://${expected}/${repository}.git (git remote set-url --push ${env.remote} …), or set scm/github's repo option if ${repository} is not the right one`,
        details: { remote: env.remote, url, expected: repository },
      },
    );
  }
  return parsed.transport;
}

/**
 * A path on this machine is how tests and mirrors push; for anyone else it is an agent pointing
 * the push at a repository it made (whose config ao's receive-pack would read), so it is opt-in.
 */
function checkLocalAllowed(env: GitHubScmEnv, url: string): PushTransport {
  if (env.allowLocalRemote) return "local";
  throw new AoError(
    GITHUB_ERRORS.E_GITHUB_API,
    `remote ${env.remote} pushes to ${url}, a path on this machine, not to GitHub`,
    {
      hint: `point ${env.remote} at https://${gitHostFor(env)}/${formatGitHubRepo(env.repo)}.git, or set allowLocalRemote: true in scm/github's options if pushing to a local mirror is intended`,
      details: { remote: env.remote, url },
    },
  );
}

/** `/owner/repo`, `.git` and a trailing slash optional, any case; scp-like paths lack the first slash. */
function namesRepository(path: string, repo: GitHubRepo): boolean {
  const match = /^\/?([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(path);
  return (
    match?.[1]?.toLowerCase() === repo.owner.toLowerCase() &&
    match[2]?.toLowerCase() === repo.repo.toLowerCase()
  );
}

interface RemoteAddress {
  transport: PushTransport;
  host: string;
  path: string;
}

function parseRemote(url: string): RemoteAddress | "local" | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "file") return "local";
  if (scheme !== undefined) {
    const transport = { https: "https", http: "https", ssh: "ssh", "git+ssh": "ssh", "ssh+git": "ssh" }[
      scheme
    ] as PushTransport | undefined;
    return transport === undefined ? undefined : { transport, ...addressOf(url) };
  }
  // `<transport>::<address>` runs a remote helper (ext:: runs any command): never ours.
  if (url.includes("::")) return undefined;
  // scp-like `user@host:path`: a colon before the first slash (git's own rule).
  const scp = /^(?:[^@/]+@)?([^:/]+):(.*)$/s.exec(url);
  return scp?.[1] !== undefined
    ? { transport: "ssh", host: scp[1].toLowerCase(), path: scp[2] ?? "" }
    : "local";
}

/** Host and path as the URL names them; a query or fragment makes the path match nothing. */
function addressOf(url: string): { host: string; path: string } {
  try {
    const parsed = new URL(url);
    const path = parsed.search === "" && parsed.hash === "" ? parsed.pathname : "";
    return { host: parsed.hostname.toLowerCase(), path };
  } catch {
    return { host: "", path: "" };
  }
}
