import { isAbsolute, join, resolve } from "node:path";
import { AoError } from "../../../core/errors.js";
import { git } from "../../../core/git.js";
import { resolveApiUrl } from "../../_shared/github/endpoints.js";
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
    const transport = classifyRemote(rewritePushUrl(url, rewrites), expected, env.remote);
    return { url, transport };
  });
}

async function configuredUrls(env: GitHubScmEnv, places: PushPlaces): Promise<string[]> {
  const file = join(places.commonDir, "config");
  for (const key of ["pushurl", "url"]) {
    const args = ["config", "--file", file, "--get-all", `remote.${env.remote}.${key}`];
    const result = await git(env.ctx, places.gitDir, args, { reject: false });
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

function classifyRemote(url: string, expected: string, remote: string): PushTransport {
  const parsed = parseRemote(url);
  if (parsed === "local") return "local";
  if (parsed !== undefined && parsed.host === expected) return parsed.transport;
  throw new AoError("E_GITHUB_API", `remote ${remote} pushes to ${url}, not to ${expected}`, {
    hint: `point ${remote} back at ${expected} (git remote set-url --push ${remote} …) and check url.*.insteadOf in your git config (git config --show-origin --get-regexp '^url')`,
    details: { remote, url, expected },
  });
}

function parseRemote(url: string): { transport: PushTransport; host: string } | "local" | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "file") return "local";
  if (scheme !== undefined) {
    const transport = { https: "https", http: "https", ssh: "ssh", "git+ssh": "ssh", "ssh+git": "ssh" }[
      scheme
    ] as PushTransport | undefined;
    return transport === undefined ? undefined : { transport, host: hostnameOf(url) };
  }
  // `<transport>::<address>` runs a remote helper (ext:: runs any command): never ours.
  if (url.includes("::")) return undefined;
  // scp-like `user@host:path`: a colon before the first slash (git's own rule).
  const scp = /^(?:[^@/]+@)?([^:/]+):/.exec(url);
  return scp?.[1] !== undefined ? { transport: "ssh", host: scp[1].toLowerCase() } : "local";
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}
