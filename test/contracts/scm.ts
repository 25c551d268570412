import { afterEach, describe, expect, it } from "vitest";
import { isAoError } from "../../src/core/errors.js";
import type { CiStatus, PullRequest, ReviewStatus, Scm } from "../../src/core/slots/index.js";

export interface ScmSubject {
  scm: Scm;
  /** The branch pull requests target. */
  baseBranch: string;
  /** A checkout on a new branch holding one commit that is not pushed yet. Returns its path. */
  checkout(branch: string): Promise<string>;
  /** Adds a commit in the checkout. */
  commit(worktree: string): Promise<void>;
  /** The branch's head on the remote, or null when it was never pushed. */
  remoteHead(branch: string): Promise<string | null>;
  /** The forge's other actors, when the subject can play them (a fake server, a fake forge). */
  setCi?(pr: number, ci: CiStatus): Promise<void>;
  setReview?(pr: number, review: ReviewStatus): Promise<void>;
  /** Required when the scm offers parseWebhook: a delivery as the forge would send it. */
  webhook?: {
    /** The body of an event about this branch and pull request. */
    about(branch: string, pr: number): Buffer;
    /** The headers the forge sends with `body`, signed with `secret`. */
    headers(secret: string, body: Buffer): Record<string, string>;
  };
  cleanup(): Promise<void>;
}

const CI_STATES = ["passing", "failing", "pending", "none"];
const DECISIONS = ["approved", "changes_requested", "pending", "none"];

/** The behaviour every scm has; run it with `scmContract("github", makeSubject)`. */
export function scmContract(name: string, makeSubject: () => Promise<ScmSubject>): void {
  describe(`scm contract: ${name}`, () => {
    let subject: ScmSubject;
    afterEach(() => subject.cleanup());

    async function pushed(branch: string): Promise<string> {
      const worktree = await subject.checkout(branch);
      await subject.scm.push(worktree, branch);
      return worktree;
    }
    async function opened(branch: string, draft = false): Promise<{ worktree: string; pr: PullRequest }> {
      const worktree = await pushed(branch);
      const pr = await subject.scm.openPullRequest({
        branch,
        base: subject.baseBranch,
        title: `Contract ${branch}`,
        body: "Body with `code` and $(not a command)",
        draft,
      });
      return { worktree, pr };
    }
    const observeOne = async (number: number) => (await subject.scm.observe([{ number }])).get(number);

    it("pushes a branch to the remote", async () => {
      subject = await makeSubject();
      const worktree = await subject.checkout("ao/push-1");
      expect(await subject.remoteHead("ao/push-1")).toBeNull();
      await subject.scm.push(worktree, "ao/push-1");
      expect(await subject.remoteHead("ao/push-1")).toMatch(/\S/);
    });

    it("opens a pull request and finds it again by branch", async () => {
      subject = await makeSubject();
      await pushed("ao/pr-1");
      expect(await subject.scm.findPullRequest("ao/pr-1")).toBeNull();
      const pr = await subject.scm.openPullRequest({
        branch: "ao/pr-1",
        base: subject.baseBranch,
        title: "One",
        body: "b",
      });
      expect(pr).toMatchObject({
        branch: "ao/pr-1",
        base: subject.baseBranch,
        title: "One",
        state: "open",
        draft: false,
      });
      expect(pr.number).toBeGreaterThan(0);
      expect(pr.headSha).toBe(await subject.remoteHead("ao/pr-1"));
      expect(JSON.parse(JSON.stringify(pr))).toEqual(pr);
      expect((await subject.scm.findPullRequest("ao/pr-1"))?.number).toBe(pr.number);
    });

    it("opens drafts when asked", async () => {
      subject = await makeSubject();
      const { pr } = await opened("ao/draft-1", true);
      expect(pr.draft).toBe(true);
    });

    it("observes open pull requests in one batch, as plain data", async () => {
      subject = await makeSubject();
      const first = await opened("ao/obs-1");
      const second = await opened("ao/obs-2");
      const observed = await subject.scm.observe([
        { number: first.pr.number },
        { number: second.pr.number, branch: "ao/obs-2" },
      ]);
      expect([...observed.keys()].sort()).toEqual([first.pr.number, second.pr.number].sort());
      const one = observed.get(first.pr.number)!;
      expect(one).toMatchObject({ number: first.pr.number, state: "open", headSha: first.pr.headSha });
      expect(CI_STATES).toContain(one.ci.state);
      expect(DECISIONS).toContain(one.review.decision);
      expect([true, false, null]).toContain(one.mergeable);
      expect(JSON.parse(JSON.stringify(one))).toEqual(one);
    });

    it("observes nothing for an empty batch or an unknown number", async () => {
      subject = await makeSubject();
      expect((await subject.scm.observe([])).size).toBe(0);
      expect((await subject.scm.observe([{ number: 987_654 }])).size).toBe(0);
    });

    it("follows a new push to the pull request's head", async () => {
      subject = await makeSubject();
      const { worktree, pr } = await opened("ao/follow-1");
      await subject.commit(worktree);
      await subject.scm.push(worktree, "ao/follow-1");
      const head = await subject.remoteHead("ao/follow-1");
      expect(head).not.toBe(pr.headSha);
      expect((await observeOne(pr.number))?.headSha).toBe(head);
    });

    it("reports failing checks and requested changes with their details", async () => {
      subject = await makeSubject();
      if (!subject.setCi || !subject.setReview) return;
      const { pr } = await opened("ao/ci-1");
      await subject.setCi(pr.number, {
        state: "failing",
        failing: [{ name: "unit tests", logTail: "1 failed" }],
      });
      const thread = {
        id: "t1",
        path: "src/a.ts",
        line: 3,
        author: "ada",
        body: "rename this",
        isBot: false,
      };
      await subject.setReview(pr.number, { decision: "changes_requested", threads: [thread] });
      const seen = await observeOne(pr.number);
      expect(seen?.ci.state).toBe("failing");
      expect(seen?.ci.failing.map((check) => check.name)).toEqual(["unit tests"]);
      expect(seen?.review.decision).toBe("changes_requested");
      expect(seen?.review.threads).toEqual([
        expect.objectContaining({ author: "ada", body: "rename this", isBot: false }),
      ]);
    });

    it("refuses to merge a head it was not shown", async () => {
      subject = await makeSubject();
      const { worktree, pr } = await opened("ao/stale-1");
      await subject.commit(worktree);
      await subject.scm.push(worktree, "ao/stale-1");
      const error: unknown = await subject.scm
        .merge(pr, { sha: pr.headSha, method: "squash" })
        .catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_MERGE_REJECTED");
      expect((await observeOne(pr.number))?.state).toBe("open");
    });

    it("merges the observed head", async () => {
      subject = await makeSubject();
      const { pr } = await opened("ao/merge-1");
      if (subject.setCi) await subject.setCi(pr.number, { state: "passing", failing: [] });
      if (subject.setReview) await subject.setReview(pr.number, { decision: "approved", threads: [] });
      const before = await observeOne(pr.number);
      await subject.scm.merge(pr, { sha: before!.headSha, method: "squash" });
      expect((await observeOne(pr.number))?.state).toBe("merged");
      expect((await subject.scm.findPullRequest("ao/merge-1"))?.state).toBe("merged");
    });

    it("merges with its own configured method when none is asked for", async () => {
      subject = await makeSubject();
      const { pr } = await opened("ao/merge-default");
      if (subject.setCi) await subject.setCi(pr.number, { state: "passing", failing: [] });
      if (subject.setReview) await subject.setReview(pr.number, { decision: "approved", threads: [] });
      const before = await observeOne(pr.number);
      await subject.scm.merge(pr, { sha: before!.headSha });
      expect((await observeOne(pr.number))?.state).toBe("merged");
    });

    it("verifies the webhooks it parses: a signed one is read, a forged or altered one refused", async () => {
      subject = await makeSubject();
      if (subject.scm.parseWebhook === undefined) return;
      const { webhook } = subject;
      expect(webhook, "a subject whose scm parses webhooks says how the forge sends one").toBeDefined();
      if (webhook === undefined) return;
      const secret = "contract-secret";
      const body = webhook.about("ao/hook-1", 5);
      const parse = (headers: Record<string, string>, sent = body) =>
        subject.scm.parseWebhook!({ headers, body: sent, secret });
      const verified = await parse(webhook.headers(secret, body));
      expect(verified.verified).toBe(true);
      if (verified.verified) {
        expect(verified.about.branches.includes("ao/hook-1") || verified.about.pullRequests.includes(5)).toBe(
          true,
        );
      }
      expect(await parse(webhook.headers("another secret", body))).toMatchObject({
        verified: false,
        status: 401,
      });
      const altered = webhook.about("ao/hook-2", 6);
      expect(await parse(webhook.headers(secret, body), altered)).toMatchObject({
        verified: false,
        status: 401,
      });
    });

    it("answers a fresh observe like a plain one", async () => {
      subject = await makeSubject();
      const { pr } = await opened("ao/fresh-1");
      const plain = (await subject.scm.observe([pr])).get(pr.number);
      const fresh = (await subject.scm.observe([pr], { fresh: true })).get(pr.number);
      expect(fresh).toMatchObject({ number: pr.number, state: "open", headSha: plain?.headSha });
    });
  });
}
