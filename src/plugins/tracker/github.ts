import { z } from "zod";
import {
  AoError,
  branchNameFor,
  definePlugin,
  type Issue,
  type IssueFilter,
  type PluginContext,
  type Tracker,
} from "../../core/plugin-api.js";
import { checkGitHubCredentials } from "../_shared/github/credentials-check.js";
import { proposeGitHub } from "../_shared/github/init-proposal.js";
import { parseGitHubRepo, type GitHubRepo } from "../_shared/github/repo.js";
import type { TrustedAuthors } from "../_shared/github/trusted-authors.js";
import { trustedAuthorsSchema } from "../_shared/github/trusted-authors-schema.js";
import { gitHubCaller, type GitHubCall, type GitHubTrackerTuning } from "./github/github-api.js";
import { gitHubTaskPrompt, toGitHubIssue } from "./github/github-issue.js";
import { createGitHubIssue, updateGitHubIssue } from "./github/issue-writes.js";
import { gitHubIssueNumber } from "./github/issue-ref.js";

/**
 * tracker/github: GitHub issues through Octokit, by number, `#n` or URL. The token comes from
 * GITHUB_TOKEN / GH_TOKEN / `gh auth token` (see src/plugins/_shared/github/token.ts).
 * See docs/trackers.md.
 */
const optionsSchema = z.strictObject({
  repo: z.string().min(1).optional().meta({
    description: "owner/repo whose issues are the tasks; default the project's repo.",
  }),
  apiUrl: z.url().optional().meta({
    description:
      "GitHub REST API base; default GITHUB_API_URL, else https://api.github.com (GitHub Enterprise: https://host/api/v3).",
  }),
  labelOnStart: z.string().min(1).optional().meta({
    description: "Label added to an issue when a session starts on it (e.g. in-progress); unset: none.",
  }),
  commentOnStart: z.boolean().default(false).meta({
    description: "Comment on an issue, naming the session, when a session starts on it.",
  }),
  trustedAuthors: trustedAuthorsSchema(),
});

export type GitHubTrackerOptions = z.output<typeof optionsSchema>;

export const plugin = definePlugin({
  slot: "tracker",
  name: "github",
  description: "GitHub issues (12, #12 or the issue URL); token from GITHUB_TOKEN, GH_TOKEN or gh",
  options: optionsSchema,
  doctor: (options, ctx) => checkGitHubCredentials(options, ctx),
  init: proposeGitHub,
  create: (options, ctx) => createGitHubTracker(ctx, options),
});

/** Comments beyond this many are left out of the prompt (one page of the API). */
const MAX_COMMENTS = 100;
/** A batch spawn of more issues than this is surely a filter mistake; stop paging there. */
const MAX_LISTED = 500;

export function createGitHubTracker(
  ctx: Pick<PluginContext, "env" | "exec" | "logger" | "project">,
  options: GitHubTrackerOptions,
  tuning: GitHubTrackerTuning = {},
): Tracker {
  const repo = trackerRepo(ctx, options);
  const call = gitHubCaller(ctx, repo, options.apiUrl, tuning);
  const sameRepo = options.repo === undefined || isProjectRepo(ctx.project?.repo, repo);
  const read = (number: number) => getIssue(call, number, options.trustedAuthors);
  const tracker: Tracker = {
    getIssue: async (ref) => read(gitHubIssueNumber(ref, repo)),
    branchName: (issue) =>
      branchNameFor({ issueId: `issue-${issue.id}`, title: issue.title, sessionId: `issue-${issue.id}` }),
    taskPrompt: (issue) => gitHubTaskPrompt(issue, options.trustedAuthors),
    listIssues: (filter) => listIssues(call, filter),
    // Another repository's issue is only closed by a qualified reference.
    closingReference: (issue) => `Closes ${sameRepo ? "" : `${repo.owner}/${repo.repo}`}#${issue.id}`,
    createIssue: async (input) => read(await createGitHubIssue(call, input)),
    updateIssue: async (issue, update) => {
      await updateGitHubIssue(call, issue, update);
      return read(Number(issue.id));
    },
  };
  if (options.labelOnStart !== undefined || options.commentOnStart) {
    tracker.markStarted = (issue, sessionId) => markStarted(call, issue, sessionId, options);
  }
  return tracker;
}

function trackerRepo(ctx: Pick<PluginContext, "project">, options: GitHubTrackerOptions): GitHubRepo {
  const value = options.repo ?? ctx.project?.repo;
  if (value === undefined) {
    throw new AoError("E_CONFIG_INVALID", "tracker/github does not know which repository's issues to read", {
      hint: "set the project's repo: owner/repo (or tracker: { plugin: github, repo: owner/repo })",
    });
  }
  return parseGitHubRepo(value);
}

/** Whether the tracker's repository is the project's, where pull requests are opened. */
function isProjectRepo(projectRepo: string | undefined, repo: GitHubRepo): boolean {
  if (projectRepo === undefined) return false;
  try {
    const project = parseGitHubRepo(projectRepo);
    return `${project.owner}/${project.repo}`.toLowerCase() === `${repo.owner}/${repo.repo}`.toLowerCase();
  } catch {
    return false; // not a GitHub repository: a qualified reference is the safe choice
  }
}

async function getIssue(call: GitHubCall, number: number, trust: TrustedAuthors): Promise<Issue> {
  const doing = `reading issue #${String(number)}`;
  const [issue, comments] = await Promise.all([
    call(
      doing,
      async (client, repo) => (await client.rest.issues.get({ ...repo, issue_number: number })).data,
    ),
    call(
      doing,
      async (client, repo) =>
        (await client.rest.issues.listComments({ ...repo, issue_number: number, per_page: MAX_COMMENTS }))
          .data,
    ),
  ]);
  // The issues API serves pull requests too; a PR is not a task to start from.
  if (issue.pull_request !== undefined) {
    throw new AoError("E_NOT_FOUND", `#${String(number)} is a pull request, not an issue`, {
      hint: "give the number of an issue",
    });
  }
  return toGitHubIssue(issue, { comments, trust });
}

async function listIssues(call: GitHubCall, filter: IssueFilter): Promise<Issue[]> {
  // Counted across pages: each page holds at most 100, so no single page reaches the cap.
  let listed = 0;
  const issues = await call("listing issues", (client, repo) =>
    client.paginate(
      client.rest.issues.listForRepo,
      {
        ...repo,
        state: filter.state ?? "open",
        per_page: 100,
        ...(filter.labels === undefined || filter.labels.length === 0
          ? {}
          : { labels: filter.labels.join(",") }),
        ...(filter.assignee === undefined ? {} : { assignee: filter.assignee }),
      },
      (response, done) => {
        listed += response.data.filter((issue) => issue.pull_request === undefined).length;
        if (response.data.length === 0 || listed >= MAX_LISTED) done();
        return response.data;
      },
    ),
  );
  return issues
    .filter((issue) => issue.pull_request === undefined)
    .slice(0, MAX_LISTED)
    .map((issue) => toGitHubIssue(issue));
}

async function markStarted(
  call: GitHubCall,
  issue: Issue,
  sessionId: string,
  options: GitHubTrackerOptions,
): Promise<void> {
  const number = Number(issue.id);
  const label = options.labelOnStart;
  if (label !== undefined) {
    await call(`labelling issue #${issue.id}`, (client, repo) =>
      client.rest.issues.addLabels({ ...repo, issue_number: number, labels: [label] }),
    );
  }
  if (options.commentOnStart) {
    await call(`commenting on issue #${issue.id}`, (client, repo) =>
      client.rest.issues.createComment({
        ...repo,
        issue_number: number,
        body: `ao session \`${sessionId}\` started working on this issue.`,
      }),
    );
  }
}
