import { AoError, type PluginContext } from "../../../core/plugin-api.js";
import { gitHubApiError, statusOf } from "../../_shared/github/api-error.js";
import type { GitHubClient } from "../../_shared/github/client.js";
import type { GitHubRepo } from "../../_shared/github/repo.js";

/** Knobs tests turn (see GitHubClientOptions); production uses the client's defaults. */
export interface GitHubTrackerTuning {
  retryAfterBaseMs?: number;
  writeSpacingMs?: number;
}

/** Runs `call` with the repository's client; failures become AoErrors without the token in them. */
export type GitHubCall = <T>(
  doing: string,
  call: (client: GitHubClient, repo: GitHubRepo) => Promise<T>,
) => Promise<T>;

/**
 * Octokit made on first use: resolving the token may run `gh auth token`, and the client is heavy,
 * so a tracker that is only opened costs neither. A 404 means the issue (or the repository, for
 * this token) does not exist: E_NOT_FOUND, which the tracker contract asks for.
 */
export function gitHubCaller(
  ctx: Pick<PluginContext, "env" | "exec" | "logger">,
  repo: GitHubRepo,
  apiUrl: string | undefined,
  tuning: GitHubTrackerTuning = {},
): GitHubCall {
  let client: Promise<GitHubClient> | undefined;
  return async (doing, call) => {
    // A failed start (no token yet, `gh auth token` failing once) is not kept: the next call retries.
    client ??= makeClient(ctx, apiUrl, tuning).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    const octokit = await client;
    try {
      return await call(octokit, repo);
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 410) {
        throw new AoError("E_NOT_FOUND", `github: ${doing}: not found in ${repo.owner}/${repo.repo}`, {
          hint: "check the issue number, and that the token can see the repository",
        });
      }
      throw gitHubApiError(error, doing);
    }
  };
}

async function makeClient(
  ctx: Pick<PluginContext, "env" | "exec" | "logger">,
  apiUrl: string | undefined,
  tuning: GitHubTrackerTuning,
): Promise<GitHubClient> {
  const [{ resolveGitHubToken }, { createGitHubClient }] = await Promise.all([
    import("../../_shared/github/token.js"),
    import("../../_shared/github/client.js"),
  ]);
  const token = await resolveGitHubToken(ctx, { apiUrl });
  return createGitHubClient(ctx, { token, apiUrl, ...tuning });
}
