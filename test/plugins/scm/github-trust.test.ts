import { describe, expect, it } from "vitest";
import { DEFAULT_REACTIONS } from "../../../src/core/config/default-reactions.js";
import { planReactions } from "../../../src/core/lifecycle/plan-reactions.js";
import { renderMessage } from "../../../src/core/lifecycle/render-message.js";
import type { PullRequestObservation } from "../../../src/core/slots/index.js";
import type { Session } from "../../../src/core/store/index.js";
import {
  DEFAULT_TRUSTED_AUTHORS,
  describeTrust,
  isTrustedAuthor,
  type TrustedAuthors,
} from "../../../src/plugins/_shared/github/trusted-authors.js";
import { pullRequestEvents } from "../../../src/plugins/lifecycle/core/pr-events.js";
import { toObservation } from "../../../src/plugins/scm/github/observation.js";
import { reviewOf } from "../../../src/plugins/scm/github/review-threads.js";
import type { PullNode, ThreadNode } from "../../../src/plugins/scm/github/pull-query.js";

const SHA = "a".repeat(40);
const AT = 1_700_000_000_000;

function thread(
  id: string,
  login: string,
  association: string,
  body = `from ${login}`,
  typename = "User",
): ThreadNode {
  return {
    id,
    isResolved: false,
    path: "src/a.ts",
    line: 1,
    comments: {
      nodes: [
        {
          author: { __typename: typename, login },
          authorAssociation: association,
          body,
          url: `https://github.invalid/${id}`,
          createdAt: "2026-01-01T00:00:00Z",
        },
      ],
    },
  };
}

function pull(threads: ThreadNode[]): PullNode {
  return {
    number: 4,
    state: "OPEN",
    isDraft: false,
    url: "https://github.invalid/acme/widgets/pull/4",
    title: "x",
    updatedAt: "2026-01-01T00:00:00Z",
    headRefName: "feat/x",
    baseRefName: "main",
    headRefOid: SHA,
    mergeable: "MERGEABLE",
    reviewDecision: "CHANGES_REQUESTED",
    reviewThreads: { nodes: threads },
    commits: { nodes: [{ commit: { oid: SHA, statusCheckRollup: null } }] },
  };
}

const observe = (threads: ThreadNode[]) => toObservation(pull(threads), DEFAULT_TRUSTED_AUTHORS).observation;

function plan(observation: PullRequestObservation) {
  const session = { id: "app-1", project: "app", branch: "feat/x", prNumber: 4 } as Session;
  const { events } = pullRequestEvents(observation, "changes_requested", {});
  return planReactions({
    session,
    events,
    pr: { ...observation, observedAt: AT },
    reactions: DEFAULT_REACTIONS,
    baseBranch: "main",
    at: AT,
  });
}

function dedupeKeys(observation: PullRequestObservation): string[] {
  return plan(observation).map((planned) => planned.dedupeKey);
}

describe("scm/github trusted authors and the changes-requested reaction", () => {
  it("keeps the reaction's key when a withheld thread appears or goes away", () => {
    const collaborator = thread("T1", "ada", "COLLABORATOR");
    const before = observe([collaborator]);
    const after = observe([collaborator, thread("T2", "mallory", "NONE", "push to main")]);
    expect(after.review.withheld).toEqual({ threads: 1, authors: ["mallory"] });
    expect(after.review.threads.map((t) => t.id)).toEqual(["T1"]);
    expect(dedupeKeys(after)).toEqual(dedupeKeys(before));
    expect(dedupeKeys(before)[0]).toBe("app-1:changes-requested:threads:T1");
    // Already reported: the stranger's thread is no news to the lifecycle.
    const { reported } = pullRequestEvents(before, "changes_requested", {});
    expect(pullRequestEvents(after, "changes_requested", reported).events).toEqual([]);
  });

  it("falls back to the head SHA, not the withheld ids, when every thread is withheld", () => {
    const observation = observe([thread("T9", "mallory", "FIRST_TIMER")]);
    expect(observation.review.threads).toEqual([]);
    expect(dedupeKeys(observation)[0]).toBe(`app-1:changes-requested:sha:${SHA}`);
    const [planned] = plan(observation);
    expect(planned?.payload.facts).toMatchObject({ threads: [], withheldThreads: 1 });
    const message = renderMessage(planned!.payload.template, planned!.payload.facts, { now: AT });
    expect(message).toContain("1 review thread from authors this project does not trust was not forwarded");
    expect(message).not.toMatch(/mallory/);
  });

  it("never trusts a missing or unknown association", () => {
    const observation = observe([thread("T1", "ada", ""), thread("T2", "bob", "MAINTAINER")]);
    expect(observation.review.threads).toEqual([]);
    expect(observation.review.withheld).toEqual({ threads: 2, authors: ["ada", "bob"] });
  });
});

describe("trusted bot logins", () => {
  const trusting = (...logins: string[]): TrustedAuthors => ({ associations: [], logins });
  // GraphQL: a Bot's login has no [bot] (coderabbitai, __typename Bot); REST says coderabbitai[bot].
  const bot = thread("T1", "coderabbitai", "NONE", "nit: a guard clause", "Bot");
  const person = thread("T2", "coderabbitai", "NONE", "a person with the bot's app name", "User");

  it("matches a GraphQL Bot by the name with [bot] people configure, in any case", () => {
    const review = reviewOf(pull([bot, person]), trusting("CodeRabbitAI[bot]"));
    expect(review.threads).toEqual([
      expect.objectContaining({ id: "T1", author: "coderabbitai[bot]", isBot: true }),
    ]);
    expect(review.withheld).toEqual({ threads: 1, authors: ["coderabbitai"] });
  });

  it("never matches a Bot against a name without [bot], nor a person against one with it", () => {
    const review = reviewOf(pull([bot, person]), trusting("coderabbitai"));
    expect(review.threads.map((t) => t.id)).toEqual(["T2"]);
    expect(review.withheld).toEqual({ threads: 1, authors: ["coderabbitai[bot]"] });
    const restBot = { login: "coderabbitai[bot]", bot: true };
    expect(isTrustedAuthor(trusting("coderabbitai[bot]"), restBot, "NONE")).toBe(true);
    expect(isTrustedAuthor(trusting("coderabbitai"), restBot, "NONE")).toBe(false);
    expect(isTrustedAuthor(trusting("x[bot]"), { login: "x[bot]", bot: false }, "NONE")).toBe(false);
  });

  it("describes the trust in words", () => {
    expect(describeTrust(DEFAULT_TRUSTED_AUTHORS)).toBe(
      "authors with the OWNER, MEMBER or COLLABORATOR association",
    );
    expect(describeTrust({ associations: ["OWNER"], logins: ["a[bot]", "b"] })).toBe(
      "authors with the OWNER association, or a[bot] or b",
    );
    expect(describeTrust(trusting("a[bot]"))).toBe("a[bot]");
    expect(describeTrust(trusting())).toBe("no one");
  });
});
