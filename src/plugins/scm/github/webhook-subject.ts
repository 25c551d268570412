import type { WebhookSubject } from "../../../core/plugin-api.js";

type Json = Record<string, unknown>;

/**
 * What a GitHub webhook payload is about: `repository.full_name`, and the fields that name a branch
 * or a pull request in the events a PR's life produces (pull_request,
 * pull_request_review[_comment|_thread], check_run, check_suite, workflow_run, status, issue_comment
 * on a PR, push). Unknown shapes give empty lists, never an error.
 */
export function webhookSubject(payload: unknown): WebhookSubject {
  const root = asObject(payload);
  const branches = new Set<string>();
  const pullRequests = new Set<number>();
  const addBranch = (value: unknown) => {
    if (typeof value === "string" && value !== "") branches.add(value);
  };
  const addPullRequests = (value: unknown) => {
    for (const pr of Array.isArray(value) ? value : [value]) addNumber(pullRequests, asObject(pr)["number"]);
  };
  const pullRequest = asObject(root["pull_request"]);
  addBranch(asObject(pullRequest["head"])["ref"]);
  addPullRequests(pullRequest);
  for (const key of ["check_run", "check_suite", "workflow_run"]) {
    const item = asObject(root[key]);
    addBranch(item["head_branch"]);
    addBranch(asObject(item["check_suite"])["head_branch"]);
    addPullRequests(item["pull_requests"]);
  }
  for (const branch of asArray(root["branches"])) addBranch(asObject(branch)["name"]);
  const issue = asObject(root["issue"]);
  if (issue["pull_request"] !== undefined) addNumber(pullRequests, issue["number"]);
  const ref = root["ref"];
  if (typeof ref === "string" && ref.startsWith("refs/heads/")) addBranch(ref.slice("refs/heads/".length));
  const fullName = asObject(root["repository"])["full_name"];
  return {
    repository: typeof fullName === "string" ? fullName : undefined,
    branches: [...branches],
    pullRequests: [...pullRequests],
  };
}

function addNumber(into: Set<number>, value: unknown): void {
  if (typeof value === "number" && Number.isInteger(value)) into.add(value);
}

function asObject(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
