import { learnAgentMemory, measureSessionMemory } from "../admission/index.js";
import { probeSessions } from "../sessions/probe-sessions.js";
import { recordNewExits } from "../sessions/record-exits.js";
import { recordMissingWorkspaces } from "../sessions/record-missing-workspaces.js";
import { recordQuestions } from "../sessions/record-questions.js";
import { fileScreenStillness } from "../sessions/screen-stillness.js";
import { sessionPluginOptions } from "../session-plugins/session-plugins.js";
import type {
  ActivityReport,
  Liveness,
  ObserveOptions,
  PullRequest,
  PullRequestObservation,
  Scm,
} from "../slots/index.js";
import type { Session } from "../store/index.js";
import type { CycleScope } from "./cycle-scope.js";
import type { ProjectPlugins } from "./engine-plugins.js";
import { pullRequestNumbers } from "./pull-request-numbers.js";
import { messageOf } from "../errors.js";

/** What one cycle saw of one session. */
export interface SessionObservation {
  liveness: Liveness;
  activity?: ActivityReport | undefined;
  /** Absent: the forge was not asked or did not answer. null: the session has no pull request. */
  pr?: PullRequestObservation | null | undefined;
  /** The URL and title, when this cycle found or opened the pull request. */
  prInfo?: Pick<PullRequest, "url" | "title"> | undefined;
}

export interface ProjectObservation {
  observations: Map<string, SessionObservation>;
  /** What went wrong without stopping the cycle (an scm error, a failed push). */
  errors: string[];
}

/**
 * Observes one project's sessions: liveness and activity (probeSessions; an agent seen exited for
 * the first time has its exit code and last lines kept with the session, a live session found
 * without its checkout gets one `session.workspace_removed` by `outside`, a question the agent asks
 * one `session.question` with its words), pull requests for the
 * sessions that have none yet (find, or open once there are commits), then ONE `scm.observe` for
 * every pull request. An scm failure leaves `pr` absent for the sessions it concerns (decide keeps
 * their PR status), never fails the cycle.
 */
export async function observeProject(
  scope: Pick<CycleScope, "ctx" | "store" | "config" | "plugins" | "options" | "looks">,
  plugins: ProjectPlugins | undefined,
  sessions: readonly Session[],
): Promise<ProjectObservation> {
  const { ctx, store } = scope;
  const errors: string[] = [];
  const registry = plugins?.registry ?? scope.plugins.shared;
  const optionsFor = sessionPluginOptions(scope.config);
  const still = fileScreenStillness(ctx);
  const probes = await probeSessions(sessions, registry, optionsFor, still, scope.looks.screens);
  try {
    recordNewExits(store, probes);
  } catch (error) {
    errors.push(`agent exits: ${messageOf(error)}`);
  }
  try {
    recordMissingWorkspaces(store, sessions, probes);
  } catch (error) {
    errors.push(`missing checkouts: ${messageOf(error)}`);
  }
  try {
    recordQuestions(store, sessions, probes);
  } catch (error) {
    errors.push(`questions: ${messageOf(error)}`);
  }
  try {
    learnAgentMemory(store, sessions, await measureSessionMemory(ctx.exec, probes), ctx.clock.now());
  } catch (error) {
    errors.push(`agent memory: ${messageOf(error)}`);
  }
  const observations = new Map<string, SessionObservation>();
  for (const session of sessions) {
    const probe = probes.get(session.id);
    observations.set(session.id, {
      liveness: probe?.liveness ?? { state: "unknown", reason: "the runtime was never started" },
      activity: probe?.activity,
    });
  }
  const scm =
    plugins === undefined
      ? undefined
      : await plugins.scm().catch((error: unknown) => {
          errors.push(`${plugins.project.id}: scm: ${messageOf(error)}`);
          return undefined;
        });
  if (plugins === undefined || scm === undefined) return { observations, errors };
  const serve = { plugins, scm, optionsFor, quiet: scope.looks.quietBranches };
  const numbers = await pullRequestNumbers(ctx, store, sessions, serve, observations, errors);
  const branches = new Map(sessions.map((session) => [session.id, session.branch]));
  const ask = { scm, options: { fresh: scope.options.fresh === true }, projectId: plugins.project.id };
  await observePullRequests(ask, numbers, branches, observations, errors);
  return { observations, errors };
}

async function observePullRequests(
  ask: { scm: Scm; options: ObserveOptions; projectId: string },
  numbers: Map<string, number>,
  branches: Map<string, string>,
  observations: Map<string, SessionObservation>,
  errors: string[],
): Promise<void> {
  if (numbers.size === 0) return;
  const refs = new Map<number, { number: number; branch?: string }>();
  for (const [sessionId, number] of numbers) {
    const branch = branches.get(sessionId);
    refs.set(number, branch === undefined ? { number } : { number, branch });
  }
  let answers: Map<number, PullRequestObservation>;
  try {
    answers = await ask.scm.observe([...refs.values()], ask.options);
  } catch (error) {
    errors.push(`${ask.projectId}: scm.observe: ${messageOf(error)}`);
    return;
  }
  for (const [sessionId, number] of numbers) {
    const answer = answers.get(number);
    const observation = observations.get(sessionId);
    // A number the forge does not know is no answer at all, not "no pull request".
    if (answer !== undefined && observation !== undefined) observation.pr = answer;
  }
}
