import { describe, expect, it } from "vitest";
import { JobLogCache } from "../../../src/plugins/scm/github/job-logs.js";
import type { GitHubScmEnv } from "../../../src/plugins/scm/github/scm-env.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A GitHub that answers the job-log request with the statuses given, one per request, then a log. */
function envAnswering(statuses: number[]): GitHubScmEnv {
  const answers = [...statuses];
  const client = {
    rest: {
      actions: {
        downloadJobLogsForWorkflowRun: () => {
          const status = answers.shift();
          if (status === undefined) return Promise.resolve({ data: "2026-01-01T00:00:00Z error: x\n" });
          return Promise.reject(Object.assign(new Error(`HTTP ${String(status)}`), { status }));
        },
      },
    },
  };
  const partial: Partial<GitHubScmEnv> = {
    ctx: makeTestContext(),
    repo: { owner: "acme", repo: "widgets" },
    client: () => Promise.resolve(client as unknown as Awaited<ReturnType<GitHubScmEnv["client"]>>),
  };
  return partial as GitHubScmEnv;
}

describe("JobLogCache", () => {
  it("remembers a job without a log (404, 410) and does not ask again", async () => {
    for (const status of [404, 410]) {
      const cache = new JobLogCache();
      const env = envAnswering([status]);
      expect(await cache.tail(env, 1)).toBeUndefined();
      expect(await cache.tail(env, 1)).toBeUndefined();
      expect(cache.fetches).toBe(1);
    }
  });

  it("asks again after a 403 (a rate limit that outlived the retries) and keeps the log then", async () => {
    const cache = new JobLogCache();
    const env = envAnswering([403]);
    expect(await cache.tail(env, 1)).toBeUndefined();
    expect(await cache.tail(env, 1)).toBe("error: x");
    expect(await cache.tail(env, 1)).toBe("error: x");
    expect(cache.fetches).toBe(2);
  });

  it("asks again after a server error", async () => {
    const cache = new JobLogCache();
    const env = envAnswering([502]);
    expect(await cache.tail(env, 7)).toBeUndefined();
    expect(await cache.tail(env, 7)).toBe("error: x");
    expect(cache.fetches).toBe(2);
  });
});
