import { describe, expect, it } from "vitest";
import { EtagCache } from "../../../../src/plugins/_shared/github/etag-cache.js";
import { makeGitHubFixture } from "./github-fixture.js";

const repo = { owner: "acme", repo: "widgets" };
const statuses = (fixture: { fake: { requests: { status: number }[] } }) =>
  fixture.fake.requests.map((r) => r.status);

describe("createGitHubClient", () => {
  it("waits out a primary rate limit (403, x-ratelimit-remaining 0) and retries", async () => {
    const fixture = await makeGitHubFixture();
    fixture.fake.failNext({ status: 403, retryAfter: 0 });
    const { data } = await fixture.client().rest.pulls.list(repo);
    expect(data).toEqual([]);
    expect(statuses(fixture)).toEqual([403, 200]);
    expect(fixture.ctx.logger.records.map((r) => r.message)).toContain("github rate limit: retrying in 1s");
  });

  it("honours Retry-After on a secondary limit, as 403 or 429", async () => {
    const fixture = await makeGitHubFixture();
    fixture.fake.failNext({ status: 429, retryAfter: 3 });
    fixture.fake.failNext({ status: 403, kind: "secondary", retryAfter: 2 });
    await fixture.client().rest.pulls.list(repo);
    expect(statuses(fixture)).toEqual([429, 403, 200]);
    const waits = fixture.ctx.logger.records
      .map((r) => r.message)
      .filter((m) => m.startsWith("github secondary"));
    expect(waits).toEqual([
      "github secondary rate limit: retrying in 3s",
      "github secondary rate limit: retrying in 2s",
    ]);
  });

  it("retries server errors, REST and GraphQL alike", async () => {
    const fixture = await makeGitHubFixture();
    fixture.fake.failNext({ status: 502, times: 2, path: "/repos" });
    fixture.fake.failNext({ status: 500, path: "/graphql" });
    await fixture.client().rest.pulls.list(repo);
    const answer = await fixture
      .client()
      .graphql<{ repository: unknown }>(
        "query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id } }",
        { owner: "acme", name: "widgets" },
      );
    expect(answer.repository).toEqual({});
    expect(statuses(fixture)).toEqual([502, 502, 200, 500, 200]);
  });

  it("gives up after the configured retries", async () => {
    const fixture = await makeGitHubFixture();
    fixture.fake.failNext({ status: 503, times: 10 });
    const error: unknown = await fixture
      .client()
      .rest.pulls.list(repo)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(statuses(fixture)).toEqual([503, 503, 503, 503]);
  });
});

describe("EtagCache", () => {
  it("sends If-None-Match and answers a 304 from memory", async () => {
    const fixture = await makeGitHubFixture();
    const cache = new EtagCache();
    const client = fixture.client();
    const params = { ...repo, state: "all" };
    const first = await cache.get<unknown[]>(client, "GET /repos/{owner}/{repo}/pulls", params);
    const second = await cache.get<unknown[]>(client, "GET /repos/{owner}/{repo}/pulls", params);
    expect(first).toEqual({ data: [], notModified: false });
    expect(second).toEqual({ data: [], notModified: true });
    expect(fixture.fake.requests.map((r) => [r.status, r.rateLimited])).toEqual([
      [200, true],
      [304, false],
    ]);
    fixture.pushBranch("feat/x");
    fixture.fake.openPull("acme/widgets", { head: "feat/x" });
    const third = await cache.get<unknown[]>(client, "GET /repos/{owner}/{repo}/pulls", params);
    expect(third.notModified).toBe(false);
    expect(third.data).toHaveLength(1);
  });
});
