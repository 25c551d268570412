import { inRepo } from "./in-repo.js";
import { checkRunJson, statusJson, suiteIdOf, type CheckSuiteJson } from "./json.js";
import { errorResponse, type FakeRoute } from "./route.js";
import type { FakeGitHubState } from "./state.js";

/**
 * CI on REST: check runs and suites of a ref, commit statuses (read and create), and the log of a
 * GitHub Actions job (a 302 to a download URL, as GitHub answers; the download is not rate limited).
 */
export function checkRoutes(state: FakeGitHubState): FakeRoute[] {
  const shaOf = (repo: string, ref: string): string => {
    const pull = state.pulls.find((p) => p.repo === repo && p.head === ref);
    return pull ? (state.pull(repo, pull.number)?.headSha ?? ref) : ref;
  };
  return [
    {
      method: "GET",
      path: "/repos/:owner/:repo/commits/:ref/check-runs",
      handle: inRepo(state, (repo, _req, params) => {
        const runs = state.checkRunsAt(repo.fullName, shaOf(repo.fullName, params["ref"] ?? ""));
        return {
          status: 200,
          body: { total_count: runs.length, check_runs: runs.map((run) => checkRunJson(state, run)) },
        };
      }),
    },
    {
      method: "GET",
      path: "/repos/:owner/:repo/commits/:ref/check-suites",
      handle: inRepo(state, (repo, _req, params) => {
        const sha = shaOf(repo.fullName, params["ref"] ?? "");
        const runs = state.checkRunsAt(repo.fullName, sha);
        if (runs.length === 0) return { status: 200, body: { total_count: 0, check_suites: [] } };
        const done = runs.every((run) => run.status === "completed");
        const failed = runs.some((run) => run.conclusion === "failure" || run.conclusion === "timed_out");
        const suite: CheckSuiteJson = {
          id: suiteIdOf(sha),
          node_id: `CS_${String(suiteIdOf(sha))}`,
          head_sha: sha,
          head_branch: null,
          status: done ? "completed" : "in_progress",
          conclusion: done ? (failed ? "failure" : "success") : null,
          latest_check_runs_count: runs.length,
          check_runs_url: `${state.apiUrl}/repos/${repo.fullName}/check-suites/${String(suiteIdOf(sha))}/check-runs`,
        };
        return { status: 200, body: { total_count: 1, check_suites: [suite] } };
      }),
    },
    {
      method: "GET",
      path: "/repos/:owner/:repo/commits/:ref/statuses",
      handle: inRepo(state, (repo, _req, params) => {
        const sha = shaOf(repo.fullName, params["ref"] ?? "");
        const all = state.statuses.filter((s) => s.repo === repo.fullName && s.sha === sha).reverse();
        return { status: 200, body: all.map((status) => statusJson(state, status)) };
      }),
    },
    {
      method: "POST",
      path: "/repos/:owner/:repo/statuses/:sha",
      handle: inRepo(state, (repo, req, params) => {
        const body = (req.body ?? {}) as {
          state?: "error" | "failure" | "pending" | "success";
          context?: string;
          target_url?: string;
          description?: string;
        };
        if (!body.state)
          return errorResponse(422, "Validation Failed", {
            errors: [{ resource: "Status", field: "state", code: "missing_field" }],
          });
        const status = {
          id: state.nextId(),
          repo: repo.fullName,
          sha: params["sha"] ?? "",
          context: body.context ?? "default",
          state: body.state,
          targetUrl: body.target_url ?? null,
          description: body.description ?? null,
          createdAt: state.tick(),
        };
        state.statuses.push(status);
        return { status: 201, body: statusJson(state, status) };
      }),
    },
    {
      method: "GET",
      path: "/repos/:owner/:repo/actions/jobs/:id/logs",
      handle: inRepo(state, (repo, _req, params) => {
        const run = state.checkRuns.find((r) => r.repo === repo.fullName && String(r.id) === params["id"]);
        if (run?.log === undefined) return errorResponse(404, "Not Found");
        return {
          status: 302,
          headers: { location: `${state.apiUrl}/_downloads/job-logs/${String(run.id)}` },
        };
      }),
    },
    {
      method: "GET",
      path: "/_downloads/job-logs/:id",
      handle: (_req, params) => {
        const run = state.checkRuns.find((r) => String(r.id) === params["id"]);
        return run?.log === undefined
          ? errorResponse(404, "Not Found")
          : { status: 200, body: run.log, headers: { "content-type": "text/plain" } };
      },
    },
  ];
}
