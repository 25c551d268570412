import { z } from "zod";
import {
  AoError,
  DURATION_PATTERN,
  definePlugin,
  isAoError,
  parseDuration,
  type CiRun,
  type MergeMethod,
  type PluginContext,
  type PluginProject,
  type PullRequestRef,
  type ReviewInput,
  type ReviewThread,
  type Scm,
} from "../../core/plugin-api.js";
import { requireProject } from "../_shared/local-project.js";
import { splitCommand } from "../workspace/_shared/split-command.js";
import { CiFinishWatch } from "./local/ci-finish-watch.js";
import { listRuns, readRun, runLog } from "./local/ci-runs.js";
import { rememberCheckout } from "./local/find-checkout.js";
import { mergePull, rejected } from "./local/merge-pull.js";
import { observePulls } from "./local/observe-pulls.js";
import { appendEvent, readPull } from "./local/pull-store.js";
import { findPull, getPull, openPull, snapshot } from "./local/pulls.js";
import { publishBranch, pushToOrigin } from "./local/publish-branch.js";
import { resolvePullThread, reviewPull } from "./local/review-pull.js";
import { nowIso, type LocalScmEnv } from "./local/scm-env.js";
import { proposeLocalScm } from "./local/init-proposal.js";
import { localScmLayout } from "./local/state-paths.js";
import { stopCiRuns } from "./local/stop-ci-runs.js";

/**
 * scm/local: pull requests without a forge. A session's pull request is its branch against the
 * base branch of the person's own checkout; its record, reviews and CI runs live under AO_HOME,
 * CI is the project's own commands run by ao, and merging moves the base branch of the main
 * checkout. See docs/local-mode.md.
 */
const optionsSchema = z.strictObject({
  ci: z
    .array(z.string().min(1))
    .default([])
    .check((context) => {
      for (const [index, command] of context.value.entries()) {
        const problem = splitProblem(command);
        if (problem !== undefined)
          context.issues.push({ code: "custom", message: problem, input: command, path: [index] });
      }
    })
    .meta({
      description: "Commands run (without a shell) in the session's checkout for every new head commit.",
    }),
  ciTimeout: z
    .string()
    .regex(DURATION_PATTERN, { error: "expected a duration such as 30m or 1h" })
    .default("30m")
    .meta({ description: "A CI command running longer than this is killed and fails." }),
  pushToOrigin: z
    .boolean()
    .default(false)
    .meta({ description: "Also push session branches to the project's origin remote (never forced)." }),
  fastForward: z.boolean().default(true).meta({
    description:
      "Merge by fast-forward when the base has not moved; false: always make a merge (or squash) commit.",
  }),
});

/**
 * The method when none is asked for. "merge" keeps the branch's commits, and with `fastForward`
 * (the default) an up-to-date branch just moves the base: the history a person merging by hand gets.
 */
const DEFAULT_MERGE_METHOD: MergeMethod = "merge";

export type LocalScmOptions = z.output<typeof optionsSchema>;

export const plugin = definePlugin({
  slot: "scm",
  name: "local",
  description: "pull requests, CI and reviews kept by ao itself, merged into the main checkout",
  options: optionsSchema,
  // CI runs are detached and outlive ao: a thrown-away AO_HOME must not leave them running.
  cleanup: (ctx) => stopCiRuns(ctx),
  init: proposeLocalScm,
  // Nothing to push to and no forge CLI: ao turns the branch's commits into the pull request.
  publishRules: ({ branch, defaultBranch }) =>
    `Commit your work on \`${branch}\`; do not push and do not open a pull request yourself: this
   project has no hosting service for them. ao opens the pull request against \`${defaultBranch}\`
   from your commits, runs the project's CI on each new commit and sends you its failures and the
   reviews. Say what you did and how you tested it in your commit messages.`,
  // No remote and no forge: what the agent commits is the pull request, and ao sends it the rest.
  handBackRules: ({ branch, defaultBranch, after }) => {
    if (after === "merge-conflicts")
      return `Merge \`${defaultBranch}\` into \`${branch}\` (or rebase onto it): the local \`${defaultBranch}\` is the base, there is no remote. Resolve the conflicts, run the tests and commit the resolution on \`${branch}\`. Do not push: ao checks the pull request again on your new commit.`;
    return after === "changes-requested"
      ? `commit the changes on \`${branch}\`, saying in each commit message which comment it addresses. Do not push: ao updates the pull request from your commits and shows the reviewer what changed.`
      : `commit the fix on \`${branch}\`. Do not push: ao runs the project's CI again on your new commit.`;
  },
  create: (options, ctx) => createLocalScm({ ...ctx, project: requireProject(ctx, "scm") }, options),
});

/** The Scm interface with every optional capability scm/local has. */
export type LocalScm = Scm & Required<Pick<Scm, "review" | "resolveThread" | "ciRuns" | "ciLog">>;

export function createLocalScm(
  ctx: Pick<PluginContext, "exec" | "env" | "clock" | "logger" | "paths"> & { project: PluginProject },
  options: LocalScmOptions,
): LocalScm {
  const env: LocalScmEnv = {
    ctx,
    project: ctx.project,
    layout: localScmLayout(ctx.paths, ctx.project.id),
    ci: options.ci.map((command) => ({ name: command, argv: splitCommand(command, "ci") })),
    ciTimeoutMs: parseDuration(options.ciTimeout),
    pushToOrigin: options.pushToOrigin,
    fastForward: options.fastForward,
    ciWatch: new CiFinishWatch(),
  };
  return {
    push: async (worktree, branch) => {
      await publishBranch(ctx, env.project.path, worktree, branch);
      await rememberCheckout(env.layout.checkouts, branch, worktree);
      if (env.pushToOrigin) await pushToOrigin(ctx, env.project.path, branch);
    },
    findPullRequest: (branch) => findPull(env, branch),
    getPullRequest: (number) => getPull(env, number),
    openPullRequest: (input) => openPull(env, input),
    // No `fresh` handling: observePulls reads the records, git and the CI runs anew on every call.
    observe: (refs) => observePulls(env, refs),
    watchChanges: (onChange) => env.ciWatch.listen(onChange),
    merge: (ref, mergeOptions) => mergeLocalPull(env, ref, mergeOptions),
    review: (ref: PullRequestRef, input: ReviewInput): Promise<ReviewThread | undefined> =>
      reviewPull(env, ref, input),
    resolveThread: (ref, id) => resolvePullThread(env, ref, id),
    ciRuns: (branch): Promise<CiRun[]> => listRuns(env.layout.ci, branch),
    ciLog: async (branch, sha) => {
      if ((await readRun(env.layout.ci, branch, sha)) === undefined) {
        throw new AoError("E_NOT_FOUND", `no CI run of ${branch} at ${sha}`, {
          hint: "ao ci <session> lists the runs",
        });
      }
      return runLog(env.layout.ci, branch, sha);
    },
  };
}

async function mergeLocalPull(
  env: LocalScmEnv,
  ref: PullRequestRef,
  options: Parameters<Scm["merge"]>[1],
): Promise<void> {
  const record = await readPull(env.layout.pulls, ref.number);
  if (record === undefined)
    throw rejected(ref, "it does not exist", "ao status lists the open pull requests");
  const snap = await snapshot(env, record);
  if (snap.state !== "open")
    throw rejected(ref, `it is ${snap.state}`, "only an open pull request can be merged");
  const outcome = await mergePull(env.ctx, {
    repoPath: env.project.path,
    pr: record,
    sha: options.sha,
    method: options.method ?? DEFAULT_MERGE_METHOD,
    fastForward: env.fastForward,
  });
  await appendEvent(env.layout.pulls, record.number, {
    type: "state",
    state: "merged",
    reason: `${outcome.how} into ${record.base}`,
    sha: options.sha,
    commit: outcome.commit,
    createdAt: nowIso(env),
  });
}

function splitProblem(command: string): string | undefined {
  try {
    splitCommand(command, "ci");
    return undefined;
  } catch (error) {
    if (isAoError(error)) return `${error.message} (${error.hint ?? ""})`;
    throw error;
  }
}
