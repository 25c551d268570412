import { AoError } from "../../../core/errors.js";
import { gitText } from "../../../core/git.js";
import { resolveApiUrl } from "../../_shared/github/endpoints.js";
import type { GitHubScmEnv } from "./scm-env.js";

/** Where a push goes: https (needs the token), ssh (its own keys), or a path on this machine. */
export type PushTransport = "https" | "ssh" | "local";

/** The git host that goes with the API: github.com for api.github.com, else the API's own host. */
export function gitHostFor(env: Pick<GitHubScmEnv, "ctx" | "apiUrl">): string {
  const host = new URL(resolveApiUrl(env.ctx.env, env.apiUrl)).hostname.toLowerCase();
  return host === "api.github.com" ? "github.com" : host;
}

/**
 * The worktree belongs to the agent, which can point the remote (or an `insteadOf`) anywhere; the
 * token must only ever reach the forge the plugin talks to. `get-url --push --all` expands
 * `insteadOf`/`pushInsteadOf`, so what is checked is what git will contact.
 */
export async function checkPushRemote(env: GitHubScmEnv, worktree: string): Promise<PushTransport> {
  const expected = gitHostFor(env);
  const urls = (await gitText(env.ctx, worktree, ["remote", "get-url", "--push", "--all", env.remote]))
    .split("\n")
    .filter((line) => line.trim() !== "");
  const transports = urls.map((url) => classifyRemote(url, expected, env.remote));
  // One push to several URLs with different needs: treat it as https so the host check above holds.
  return transports.includes("https") ? "https" : (transports[0] ?? "local");
}

function classifyRemote(url: string, expected: string, remote: string): PushTransport {
  const parsed = parseRemote(url);
  if (parsed === "local") return "local";
  if (parsed !== undefined && parsed.host === expected) return parsed.transport;
  throw new AoError("E_GITHUB_API", `remote ${remote} pushes to ${url}, not to ${expected}`, {
    hint: `point ${remote} back at ${expected} (git remote set-url --push ${remote} …) and check url.*.insteadOf in the worktree's git config`,
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
