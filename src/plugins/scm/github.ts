import { z } from "zod";
import { AoError, definePlugin, type PluginContext, type Scm } from "../../core/plugin-api.js";
import { checkGitHubCredentials } from "../_shared/github/credentials-check.js";
import { proposeGitHub } from "../_shared/github/init-proposal.js";
import { parseGitHubRepo, type GitHubRepo } from "../_shared/github/repo.js";
import { trustedAuthorsSchema } from "../_shared/github/trusted-authors-schema.js";
import { remoteUrl } from "../_shared/git-repo-info.js";
import { mergePull } from "./github/merge-pull.js";
import { PullPoller } from "./github/pull-poller.js";
import { parseGitHubWebhook } from "./github/parse-webhook.js";
import { findPull, getPull, openPull } from "./github/pulls.js";
import { pushBranch } from "./github/push-branch.js";
import { postLineReview, resolvePullThread, reviewPull } from "./github/review-pull.js";
import { githubTrainSide } from "./github/train-side.js";
import { githubScmEnv, type GitHubScmCtx, type GitHubScmTuning } from "./github/scm-env.js";

/**
 * scm/github: branches pushed to GitHub, pull requests opened and merged there, and their CI,
 * reviews and mergeability polled cheaply (one conditional request per cycle, GraphQL only for
 * what changed). Credentials and the polling design: docs/scm-github.md.
 */
const optionsSchema = z.strictObject({
  repo: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, { error: "expected owner/repo" })
    .optional()
    .meta({
      description: "The GitHub repository, owner/repo. Default: the project's repo, else the remote's URL.",
    }),
  apiUrl: z.url().optional().meta({
    description:
      "REST API base, e.g. https://github.example.com/api/v3. Default: GITHUB_API_URL, else https://api.github.com.",
  }),
  remote: z
    .string()
    .min(1)
    .default("origin")
    .meta({ description: "The git remote session branches are pushed to." }),
  allowLocalRemote: z.boolean().default(false).meta({
    description:
      "Allow pushing to a remote that is a path on this machine (a mirror, a test's bare repo). Off: an agent could point the remote at a repository it made.",
  }),
  draft: z.boolean().default(false).meta({ description: "Open pull requests as drafts." }),
  mergeMethod: z.enum(["squash", "merge", "rebase"]).default("squash").meta({
    description: "How ao merges a pull request when no method is asked for (auto-merge, ao merge).",
  }),
  trustedAuthors: trustedAuthorsSchema(),
});

export type GitHubScmOptions = z.output<typeof optionsSchema>;

export const plugin = definePlugin({
  slot: "scm",
  name: "github",
  description: "pull requests on GitHub (or GitHub Enterprise), CI and reviews polled cheaply",
  options: optionsSchema,
  doctor: (options, ctx) => checkGitHubCredentials(options, ctx),
  init: proposeGitHub,
  publishRules: ({ branch, defaultBranch }) =>
    `Push your branch (\`git push -u origin ${branch}\`) and open a pull request against
   \`${defaultBranch}\` (e.g. \`gh pr create --fill\`). Describe what you did and how you tested it.`,
  handBackRules: ({ after, defaultBranch }) => {
    if (after === "merge-conflicts")
      return `Rebase onto origin/${defaultBranch}, resolve the conflicts, run the tests and push (force-with-lease).`;
    return after === "changes-requested"
      ? "commit and push, then reply on each thread saying what you changed."
      : "commit and push.";
  },
  create: async (options, ctx) => createGitHubScm(ctx, options, await repoOf(ctx, options)),
});

/** The Scm with the optional capabilities scm/github has, plus the poller's log-fetch counter. */
export type GitHubScm = Scm &
  Required<Pick<Scm, "review" | "postLineReview" | "resolveThread" | "parseWebhook">> & {
    logFetches(): number;
  };

export function createGitHubScm(
  ctx: GitHubScmCtx,
  options: GitHubScmOptions,
  repo: GitHubRepo,
  tuning: GitHubScmTuning = {},
): GitHubScm {
  const env = githubScmEnv(
    ctx,
    {
      repo,
      apiUrl: options.apiUrl,
      remote: options.remote,
      allowLocalRemote: options.allowLocalRemote,
      draft: options.draft,
      mergeMethod: options.mergeMethod,
      trustedAuthors: options.trustedAuthors,
    },
    tuning,
  );
  const poller = new PullPoller(env);
  return {
    push: (worktree, branch) => pushBranch(env, worktree, branch),
    findPullRequest: (branch) => findPull(env, branch),
    getPullRequest: (number) => getPull(env, number),
    openPullRequest: (input) => openPull(env, input),
    observe: (refs, observeOptions) => poller.observe(refs, observeOptions),
    merge: async (ref, mergeOptions) => {
      poller.invalidate(ref.number);
      await mergePull(env, ref, mergeOptions);
    },
    review: (ref, input) => {
      poller.invalidate(ref.number);
      return reviewPull(env, ref, input);
    },
    postLineReview: (ref, review) => {
      poller.invalidate(ref.number);
      return postLineReview(env, ref, review);
    },
    resolveThread: (ref, threadId) => {
      poller.invalidate(ref.number);
      return resolvePullThread(env, threadId);
    },
    parseWebhook: (request) => Promise.resolve(parseGitHubWebhook(request)),
    train: githubTrainSide(env),
    logFetches: () => poller.logs.fetches,
  };
}

/** options.repo, else the project's `repo`, else what the remote's URL names. */
async function repoOf(ctx: PluginContext, options: GitHubScmOptions): Promise<GitHubRepo> {
  const named = options.repo ?? ctx.project?.repo;
  if (named !== undefined) return parseGitHubRepo(named);
  const url = ctx.project ? await remoteUrl(ctx, ctx.project.path, options.remote) : undefined;
  try {
    if (url !== undefined) return parseGitHubRepo(url);
  } catch {
    // Not a GitHub URL: fall through to the error that says what to configure.
  }
  throw new AoError("E_CONFIG_INVALID", "scm/github does not know which GitHub repository to use", {
    hint: "set the project's repo: owner/repo (or scm: { plugin: github, repo: owner/repo })",
  });
}
