import { pullJson, pullSimpleJson } from "./json.js";
import { inRepo as inRepoOf, withPull as withPullOf } from "./in-repo.js";
import { errorResponse, type FakeResponse, type FakeRoute } from "./route.js";
import type { FakeGitHubState, FakePull, FakeRepo } from "./state.js";

/** Pull requests: list (filters, sort, pages), get, create (with GitHub's 422s), update. */
export function pullRoutes(state: FakeGitHubState): FakeRoute[] {
  const inRepo = (handle: Parameters<typeof inRepoOf>[1]) => inRepoOf(state, handle);
  const withPull = (handle: Parameters<typeof withPullOf>[1]) => withPullOf(state, handle);
  const baseSha = (repo: FakeRepo, pull: FakePull) => state.headOf(repo.fullName, pull.base) ?? "";
  return [
    {
      method: "GET",
      path: "/repos/:owner/:repo/pulls",
      handle: inRepo((repo, req) => listPulls(state, repo, req.query, baseSha)),
    },
    {
      method: "POST",
      path: "/repos/:owner/:repo/pulls",
      handle: inRepo((repo, req) => createPull(state, repo, req.body)),
    },
    {
      method: "GET",
      path: "/repos/:owner/:repo/pulls/:number",
      handle: withPull((repo, pull) => ({
        status: 200,
        body: pullJson(state, repo, pull, baseSha(repo, pull)),
      })),
    },
    {
      method: "PATCH",
      path: "/repos/:owner/:repo/pulls/:number",
      handle: withPull((repo, pull, req) => {
        const body = (req.body ?? {}) as { title?: string; body?: string; state?: "open" | "closed" };
        if (body.title !== undefined) pull.title = body.title;
        if (body.body !== undefined) pull.body = body.body;
        if (body.state === "closed" && pull.state === "open")
          Object.assign(pull, { state: "closed", closedAt: state.tick() });
        state.touch(pull);
        return { status: 200, body: pullJson(state, repo, pull, baseSha(repo, pull)) };
      }),
    },
  ];
}

function listPulls(
  state: FakeGitHubState,
  repo: FakeRepo,
  query: URLSearchParams,
  baseSha: (repo: FakeRepo, pull: FakePull) => string,
): FakeResponse {
  const wanted = query.get("state") ?? "open";
  const head = query.get("head");
  const base = query.get("base");
  const sort = query.get("sort") ?? "created";
  // GitHub: "desc when sort is created or sort is not specified, otherwise asc".
  const direction = query.get("direction") ?? (sort === "created" ? "desc" : "asc");
  const key = (pull: FakePull) =>
    (sort === "updated" ? pull.updatedAt : pull.createdAt) + String(pull.number).padStart(9, "0");
  const pulls = state
    .pullsOf(repo.fullName)
    .filter((pull) => wanted === "all" || pull.state === wanted)
    .filter((pull) => head === null || `${repo.owner}:${pull.head}` === head)
    .filter((pull) => base === null || pull.base === base)
    .sort((a, b) => (direction === "asc" ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a))));
  const perPage = Math.min(Number(query.get("per_page") ?? 30), 100);
  const page = Number(query.get("page") ?? 1);
  const slice = pulls.slice((page - 1) * perPage, page * perPage);
  const headers: Record<string, string> = {};
  if (page * perPage < pulls.length) {
    const next = new URLSearchParams(query);
    next.set("page", String(page + 1));
    headers["link"] = `<${state.apiUrl}/repos/${repo.fullName}/pulls?${next.toString()}>; rel="next"`;
  }
  return {
    status: 200,
    headers,
    body: slice.map((pull) => pullSimpleJson(state, repo, pull, baseSha(repo, pull))),
  };
}

export function createPull(state: FakeGitHubState, repo: FakeRepo, raw: unknown): FakeResponse {
  const input = (raw ?? {}) as {
    title?: string;
    head?: string;
    base?: string;
    body?: string;
    draft?: boolean;
  };
  const head = (input.head ?? "").replace(/^[^:]+:/, "");
  const base = input.base ?? repo.defaultBranch;
  const headSha = state.headOf(repo.fullName, head);
  if (!input.title || headSha === null || state.headOf(repo.fullName, base) === null) {
    const field = !input.title ? "title" : headSha === null ? "head" : "base";
    return errorResponse(422, "Validation Failed", {
      errors: [{ resource: "PullRequest", field, code: field === "title" ? "missing_field" : "invalid" }],
    });
  }
  if (state.pullsOf(repo.fullName).some((p) => p.state === "open" && p.head === head && p.base === base)) {
    return errorResponse(422, "Validation Failed", {
      errors: [
        {
          resource: "PullRequest",
          code: "custom",
          message: `A pull request already exists for ${repo.owner}:${head}.`,
        },
      ],
    });
  }
  const at = state.tick();
  const pull: FakePull = {
    repo: repo.fullName,
    id: state.nextId(),
    number: state.nextNumber(repo.fullName),
    title: input.title,
    body: input.body ?? null,
    head,
    base,
    draft: input.draft ?? false,
    state: "open",
    merged: false,
    mergeCommitSha: null,
    author: state.viewer,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    mergedAt: null,
    headSha,
    unknownAnswers: 0,
  };
  state.pulls.push(pull);
  return { status: 201, body: pullJson(state, repo, pull, state.headOf(repo.fullName, base) ?? "", true) };
}
