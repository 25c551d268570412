import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import type { PluginContext } from "../../../core/plugin-api.js";
import { resolveApiUrl } from "./endpoints.js";
import { spacedGroup } from "./spaced-group.js";

const GitHubOctokit = Octokit.plugin(retry, throttling);

/** Octokit with the retry and throttling plugins: what every GitHub plugin of ao talks through. */
export type GitHubClient = InstanceType<typeof GitHubOctokit>;

export interface GitHubClientOptions {
  token: string;
  /** REST base URL; resolved with resolveApiUrl (option, then GITHUB_API_URL, then api.github.com). */
  apiUrl?: string | undefined;
  /** Milliseconds per second of Retry-After and of the retry backoff (default 1000; tests pass 1). */
  retryAfterBaseMs?: number | undefined;
  /** Spacing of writes and GraphQL queries, as GitHub asks (default 1000 ms; tests pass 0). */
  writeSpacingMs?: number | undefined;
  /** How often a rate-limited (403/429) or failed (5xx) request is retried (default 3). */
  retries?: number | undefined;
}

/**
 * Rate limits (403 with x-ratelimit-remaining 0, secondary limits with Retry-After, 429) wait as
 * long as GitHub says and retry; 5xx answers retry with a growing backoff. The token only ever
 * travels in the Authorization header Octokit sets.
 */
export function createGitHubClient(
  ctx: Pick<PluginContext, "env" | "logger">,
  options: GitHubClientOptions,
): GitHubClient {
  const retries = options.retries ?? 3;
  const baseMs = options.retryAfterBaseMs ?? 1000;
  const spacing = spacedGroup(options.writeSpacingMs ?? 1000);
  const onLimit =
    (kind: string) =>
    (
      retryAfter: number,
      request: { method: string; url: string },
      _octokit: unknown,
      retryCount: number,
    ): boolean => {
      ctx.logger.warn(`github ${kind}: retrying in ${String(retryAfter)}s`, {
        method: request.method,
        url: request.url,
        retryCount,
      });
      return retryCount < retries;
    };
  return new GitHubOctokit({
    auth: options.token,
    baseUrl: resolveApiUrl(ctx.env, options.apiUrl),
    userAgent: "ao (agent-orchestrator)",
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: (message: string) => ctx.logger.warn(`octokit: ${message}`),
      error: (message: string) => ctx.logger.error(`octokit: ${message}`),
    },
    // 403 and 429 are rate limits: plugin-throttling retries them after Retry-After; plugin-retry
    // (which would ignore Retry-After) handles 5xx.
    retry: { retries, retryAfterBaseValue: baseMs, doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
    throttle: {
      id: "ao",
      retryAfterBaseValue: baseMs,
      onRateLimit: onLimit("rate limit"),
      onSecondaryRateLimit: onLimit("secondary rate limit"),
      // plugin-throttling's own groups space writes 1 s and notifying writes 3 s apart, fixed;
      // these honour writeSpacingMs instead (its type wants a Bottleneck.Group; see spaced-group.ts).
      write: spacing as never,
      notifications: spacing as never,
    },
  });
}
