import type { MergeMethod, PluginContext } from "../../../core/plugin-api.js";
import type { GitHubClient } from "../../_shared/github/client.js";
import type { GitHubRepo } from "../../_shared/github/repo.js";
import type { TrustedAuthors } from "../../_shared/github/trusted-authors.js";
import { resolveGitHubToken } from "../../_shared/github/token.js";

/** Knobs tests and the bench turn; production uses the defaults. */
export interface GitHubScmTuning {
  /** ms per second of Retry-After and of the 5xx backoff (default 1000). */
  retryAfterBaseMs?: number;
  /** Spacing of writes and GraphQL queries (default 1000 ms, as GitHub asks). */
  writeSpacingMs?: number;
  /** Extra looks at a mergeable GitHub is still computing, within one observe (default 2). */
  mergeableRetries?: number;
  /** Wait before each of those looks (default 1500 ms). */
  mergeableRetryDelayMs?: number;
  /** Every Nth observe re-asks about every PR, whatever the listing says (default 10). */
  fullRefreshEvery?: number;
}

export type GitHubScmCtx = Pick<PluginContext, "env" | "exec" | "logger" | "paths">;

export interface GitHubScmEnv {
  ctx: GitHubScmCtx;
  repo: GitHubRepo;
  apiUrl: string | undefined;
  remote: string;
  /** Whether a push may go to a path on this machine (tests, mirrors); see checkPushRemote. */
  allowLocalRemote: boolean;
  draft: boolean;
  mergeMethod: MergeMethod;
  /** Whose review threads reach the agent. */
  trustedAuthors: TrustedAuthors;
  tuning: Required<GitHubScmTuning>;
  token(): Promise<string>;
  client(): Promise<GitHubClient>;
}

export const DEFAULT_TUNING: Required<GitHubScmTuning> = {
  retryAfterBaseMs: 1000,
  writeSpacingMs: 1000,
  mergeableRetries: 2,
  mergeableRetryDelayMs: 1500,
  fullRefreshEvery: 10,
};

/**
 * The token and client are made on first use: a command that never talks to GitHub never asks gh,
 * and one that only reads the definition (doctor, `ao config validate`) never loads Octokit.
 */
export function githubScmEnv(
  ctx: GitHubScmCtx,
  settings: Omit<GitHubScmEnv, "ctx" | "tuning" | "token" | "client">,
  tuning: GitHubScmTuning = {},
): GitHubScmEnv {
  const full = { ...DEFAULT_TUNING, ...tuning };
  let token: Promise<string> | undefined;
  let client: Promise<GitHubClient> | undefined;
  const getToken = () => (token ??= resolveGitHubToken(ctx, { apiUrl: settings.apiUrl }));
  const getClient = () =>
    (client ??= Promise.all([getToken(), import("../../_shared/github/client.js")]).then(
      ([value, { createGitHubClient }]) =>
        createGitHubClient(ctx, {
          token: value,
          apiUrl: settings.apiUrl,
          retryAfterBaseMs: full.retryAfterBaseMs,
          writeSpacingMs: full.writeSpacingMs,
        }),
    ));
  return { ...settings, ctx, tuning: full, token: getToken, client: getClient };
}
