import { describe, expect, it } from "vitest";
import { seedBranches } from "../../fakes/github/seed.js";
import { makeGitHubScmFixture, REPO, type GitHubScmFixture } from "./github-fixture.js";

/** `count` open PRs with passing CI (settled), opened as the agents would have: no requests recorded. */
function openMany(fixture: GitHubScmFixture, count: number) {
  const branches = Array.from({ length: count }, (_, i) => `feat/many-${String(i + 1)}`);
  seedBranches(fixture.origin, branches);
  return branches.map((head) => {
    const pull = fixture.fake.openPull(REPO, { head });
    fixture.fake.setCi(REPO, pull.number, "passing");
    return { number: pull.number };
  });
}

const counted = (fixture: GitHubScmFixture) => fixture.fake.requests.filter((r) => r.rateLimited);

describe("scm/github cheap polling", () => {
  it("asks GraphQL about 25 PRs per query, and nothing at all when nothing changed", async () => {
    const fixture = await makeGitHubScmFixture();
    const refs = openMany(fixture, 26); // two GraphQL batches: 25 + 1
    const scm = fixture.scm();
    expect((await scm.observe(refs)).size).toBe(26);
    expect(counted(fixture).map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /repos/acme/widgets/pulls",
      "POST /graphql",
      "POST /graphql",
    ]);
    fixture.fake.resetRequests();
    const again = await scm.observe(refs);
    expect(again.size).toBe(26);
    expect(counted(fixture)).toEqual([]);
    expect(fixture.fake.requests.map((r) => r.status)).toEqual([304]);
  });

  it("asks only about the PR that changed", async () => {
    const fixture = await makeGitHubScmFixture();
    const refs = openMany(fixture, 3);
    const scm = fixture.scm();
    await scm.observe(refs);
    fixture.fake.addReview(REPO, refs[1]!.number, { state: "APPROVED" });
    fixture.fake.resetRequests();
    const seen = await scm.observe(refs);
    expect(seen.get(refs[1]!.number)?.review.decision).toBe("approved");
    const graphql = fixture.fake.requests.filter((r) => r.path === "/graphql");
    expect(graphql).toHaveLength(1);
    expect(graphql[0]!.body).toContain(`pullRequest(number: ${String(refs[1]!.number)})`);
    expect(graphql[0]!.body).not.toContain(`pullRequest(number: ${String(refs[0]!.number)})`);
    expect(counted(fixture)).toHaveLength(2);
  });

  it("keeps asking about a PR whose CI is pending, since check runs do not touch updated_at", async () => {
    const fixture = await makeGitHubScmFixture();
    const [ref] = openMany(fixture, 1);
    const [run] = fixture.fake.setCi(REPO, ref!.number, "pending", [{ name: "slow" }]);
    const scm = fixture.scm();
    expect((await scm.observe([ref!])).get(ref!.number)?.ci.state).toBe("pending");
    fixture.fake.completeCheckRun(run!.id, "failure", "it broke");
    fixture.fake.resetRequests();
    const seen = (await scm.observe([ref!])).get(ref!.number)!;
    expect(seen.ci).toEqual({
      state: "failing",
      failing: [expect.objectContaining({ name: "slow", logTail: "it broke" })],
    });
    expect(fixture.fake.requests.map((r) => r.status)).toEqual([304, 200, 302, 200]);
  });

  it("re-asks about every PR on each Nth call, so a re-run check is not missed for ever", async () => {
    const fixture = await makeGitHubScmFixture();
    const [ref] = openMany(fixture, 1);
    const scm = fixture.scm({}, { retryAfterBaseMs: 1, writeSpacingMs: 0, fullRefreshEvery: 3 });
    await scm.observe([ref!]); // call 1: everything is new
    fixture.fake.setCi(REPO, ref!.number, "failing", [{ name: "ci", log: "flaky" }]); // a re-run, same head
    expect((await scm.observe([ref!])).get(ref!.number)?.ci.state).toBe("passing"); // call 2: listing unchanged
    expect((await scm.observe([ref!])).get(ref!.number)?.ci.state).toBe("passing"); // call 3
    expect((await scm.observe([ref!])).get(ref!.number)?.ci.state).toBe("failing"); // call 4: full refresh
  });

  it("asks afresh about every given PR when told something changed (a webhook), cache or not", async () => {
    const fixture = await makeGitHubScmFixture();
    seedBranches(fixture.origin, ["feat/quiet", "feat/other"]);
    const refs = ["feat/quiet", "feat/other"].map((head) => ({
      number: fixture.fake.openPull(REPO, { head }).number,
    }));
    const scm = fixture.scm();
    for (let look = 0; look < 5; look++) await scm.observe(refs); // no CI ever: settled after 3 looks
    const quiet = fixture.fake.pullOf(REPO, refs[0]!.number);
    fixture.fake.addCheckRun(REPO, quiet.headSha, { name: "late", conclusion: "failure", log: "red" });
    fixture.fake.resetRequests();
    expect((await scm.observe(refs)).get(refs[0]!.number)?.ci.state).toBe("none"); // the cache
    expect(fixture.fake.requests.map((r) => r.status)).toEqual([304]);
    fixture.fake.resetRequests();
    const fresh = (await scm.observe(refs, { fresh: true })).get(refs[0]!.number)!;
    expect(fresh.ci).toEqual({
      state: "failing",
      failing: [expect.objectContaining({ name: "late", logTail: "red" })],
    });
    const graphql = fixture.fake.requests.filter((r) => r.path === "/graphql");
    expect(graphql).toHaveLength(1); // both PRs, one batch
    for (const ref of refs) expect(graphql[0]!.body).toContain(`pullRequest(number: ${String(ref.number)})`);
  });

  it("re-asks about open PRs when another PR merged, since the base moved", async () => {
    const fixture = await makeGitHubScmFixture();
    const refs = openMany(fixture, 2);
    const scm = fixture.scm();
    await scm.observe(refs);
    const first = fixture.fake.pullOf(REPO, refs[0]!.number);
    await scm.merge(refs[0]!, { sha: first.headSha, method: "squash" });
    fixture.fake.resetRequests();
    const seen = await scm.observe(refs);
    expect(seen.get(refs[0]!.number)?.state).toBe("merged");
    const graphql = fixture.fake.requests.filter((r) => r.path === "/graphql");
    expect(graphql[0]!.body).toContain(`pullRequest(number: ${String(refs[1]!.number)})`);
  });

  it("knows a number absent from a complete listing does not exist, without asking GraphQL", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    expect((await scm.observe([{ number: 4242 }])).size).toBe(0);
    expect(fixture.fake.requests.map((r) => r.path)).toEqual(["/repos/acme/widgets/pulls"]);
  });
});
