import { describe, expect, it } from "vitest";
import { DEFAULT_REACTIONS } from "../../../src/core/config/default-reactions.js";
import { planReactions } from "../../../src/core/lifecycle/plan-reactions.js";
import type { PullRequestObservation } from "../../../src/core/slots/index.js";
import type { Session } from "../../../src/core/store/index.js";
import { DEFAULT_TRUSTED_AUTHORS } from "../../../src/plugins/_shared/github/trusted-authors.js";
import { pullRequestEvents } from "../../../src/plugins/lifecycle/core/pr-events.js";
import { toObservation } from "../../../src/plugins/scm/github/observation.js";
import type { PullNode, ThreadNode } from "../../../src/plugins/scm/github/pull-query.js";

const SHA = "a".repeat(40);
const AT = 1_700_000_000_000;

function thread(id: string, login: string, association: string, body = `from ${login}`): ThreadNode {
  return {
    id,
    isResolved: false,
    path: "src/a.ts",
    line: 1,
    comments: {
      nodes: [
        {
          author: { __typename: "User", login },
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

function dedupeKeys(observation: PullRequestObservation): string[] {
  const session = { id: "app-1", project: "app", branch: "feat/x", prNumber: 4 } as Session;
  const { events } = pullRequestEvents(observation, "changes_requested", {});
  return planReactions({
    session,
    events,
    pr: { ...observation, observedAt: AT },
    reactions: DEFAULT_REACTIONS,
    baseBranch: "main",
    at: AT,
  }).map((planned) => planned.dedupeKey);
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
  });

  it("never trusts a missing or unknown association", () => {
    const observation = observe([thread("T1", "ada", ""), thread("T2", "bob", "MAINTAINER")]);
    expect(observation.review.threads).toEqual([]);
    expect(observation.review.withheld).toEqual({ threads: 2, authors: ["ada", "bob"] });
  });
});
