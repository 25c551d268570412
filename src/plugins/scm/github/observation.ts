import type { CiStatus, FailingCheck, PullRequestObservation } from "../../../core/plugin-api.js";
import type { TrustedAuthors } from "../../_shared/github/trusted-authors.js";
import type { CheckRunNode, PullNode, StatusContextNode } from "./pull-query.js";
import { reviewOf } from "./review-threads.js";

/** A failing check, plus the Actions job whose log can tell the agent why (check runs only). */
export interface FailingCheckSource extends FailingCheck {
  jobId?: number;
}

const FAILED = new Set(["FAILURE", "TIMED_OUT", "CANCELLED", "ACTION_REQUIRED", "STARTUP_FAILURE", "ERROR"]);
const PENDING_STATUS = new Set(["PENDING", "EXPECTED"]);

/**
 * The GraphQL answer for one PR as ao's observation (failing checks without their log yet); review
 * threads only as far as `trust` lets them reach the agent.
 */
export function toObservation(
  node: PullNode,
  trust: TrustedAuthors,
): {
  observation: PullRequestObservation;
  failing: FailingCheckSource[];
} {
  const ci = ciOf(node);
  const observation: PullRequestObservation = {
    number: node.number,
    state: node.state === "MERGED" ? "merged" : node.state === "OPEN" ? "open" : "closed",
    headSha: node.headRefOid,
    ci: { state: ci.state, failing: ci.failing.map(({ jobId: _jobId, ...check }) => check) },
    review: reviewOf(node, trust),
    mergeable: node.mergeable === "MERGEABLE" ? true : node.mergeable === "CONFLICTING" ? false : null,
  };
  if (node.mergeable === "CONFLICTING") observation.conflicts = true;
  return { observation, failing: ci.failing };
}

/** Check runs and commit statuses together: any failure fails, else anything unfinished is pending. */
function ciOf(node: PullNode): { state: CiStatus["state"]; failing: FailingCheckSource[] } {
  const contexts = node.commits.nodes[0]?.commit.statusCheckRollup?.contexts.nodes ?? [];
  const failing: FailingCheckSource[] = [];
  let pending = false;
  let any = false;
  for (const context of contexts) {
    if (context.__typename === "CheckRun") {
      const run = context as CheckRunNode;
      any = true;
      if (run.status !== "COMPLETED") pending = true;
      else if (FAILED.has(run.conclusion ?? "")) failing.push(checkRunFailure(run));
    } else if (context.__typename === "StatusContext") {
      const status = context as StatusContextNode;
      any = true;
      if (PENDING_STATUS.has(status.state)) pending = true;
      else if (FAILED.has(status.state)) failing.push(statusFailure(status));
    }
  }
  const state = failing.length > 0 ? "failing" : pending ? "pending" : any ? "passing" : "none";
  return { state, failing };
}

function checkRunFailure(run: CheckRunNode): FailingCheckSource {
  return {
    name: run.name,
    ...(run.detailsUrl ? { url: run.detailsUrl } : {}),
    ...(run.databaseId !== null ? { jobId: run.databaseId } : {}),
  };
}

function statusFailure(status: StatusContextNode): FailingCheckSource {
  return {
    name: status.context,
    ...(status.targetUrl ? { url: status.targetUrl } : {}),
    ...(status.description ? { logTail: status.description } : {}),
  };
}
