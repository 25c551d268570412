import type { AoContext } from "../context.js";
import { checkAdmission, machineFromEnv } from "../admission/index.js";
import { AoError } from "../errors.js";
import { heldError, spawnHold } from "../gates/gates.js";
import {
  allocateSessionId,
  insertSession,
  recordSessionAccount,
  writeTransaction,
  type Session,
  type Store,
} from "../store/index.js";
import { agentAccount, agentEnvironment } from "./agent-account.js";
import { branchNameFor, sanitizeBranchName } from "./branch-name.js";
import type { OpenProject } from "./open-project.js";
import type { SessionTask } from "./resolve-task.js";
import { checkCapacity } from "./session-capacity.js";
import { currentSpawner, type Spawner } from "./spawner.js";
import { plannedWorktree } from "./workspace-spec.js";

export interface Allocation {
  task: SessionTask;
  /** A validated `--branch`, else the name comes from the task. */
  branch: string | undefined;
  spawner?: Spawner | undefined;
}

/** Step 1, in one transaction: capacity check, id, branch name, row (status spawning) and its event. */
export function allocateSession(
  ctx: AoContext,
  store: Store,
  opened: OpenProject,
  plan: Allocation,
): Session {
  const { project, names } = opened;
  const account = spawnAccount(ctx, opened);
  return writeTransaction(store, (tx) => {
    checkCapacity(tx, opened.config, project);
    checkSpawnGates(tx, ctx.clock.now(), opened, account);
    checkAdmission(tx, machineFromEnv(ctx.env), opened.config, names.agent, ctx.clock.now());
    const id = allocateSessionId(tx, project.sessionPrefix);
    const branch =
      plan.branch ??
      branchNameFor({
        trackerBranch: plan.task.trackerBranch,
        issueId: plan.task.issueId ?? undefined,
        title: plan.task.title,
        sessionId: id,
      });
    const session = {
      id,
      project: project.id,
      issue: plan.task.issueId,
      branch,
      worktree: plannedWorktree(ctx.paths, project.id, id),
      runtime: names.runtime,
      agent: names.agent,
      spawnStep: "allocated",
    };
    const payload = {
      branch,
      issue: plan.task.issueId,
      runtime: names.runtime,
      agent: names.agent,
      spawner: { ...(plan.spawner ?? currentSpawner()) },
    };
    const inserted = insertSession(tx, session, { type: "session.created", payload });
    recordSessionAccount(tx, id, account);
    return inserted;
  });
}

/** `--branch` as given, if git accepts it; otherwise a usage error suggesting the repaired name. */
export function validBranch(branch: string): string {
  const repaired = sanitizeBranchName(branch);
  if (repaired === branch) return branch;
  throw new AoError("E_USAGE", `"${branch}" is not a valid branch name`, {
    hint: repaired === undefined ? "git refuses it; choose another name" : `git would accept "${repaired}"`,
    details: { branch, ...(repaired === undefined ? {} : { suggestion: repaired }) },
  });
}

/**
 * The gates (src/core/gates/) a new session asks: its agent's usage limit on this machine and its
 * project's budget. Refused with the reset time and a hint; `--queue` waits (session-capacity.ts).
 */
function checkSpawnGates(store: Store, now: number, opened: OpenProject, account: string): void {
  const hold = spawnHold({ store, config: opened.config, now }, opened.project.id, account);
  if (hold === undefined) return;
  throw heldError(
    hold,
    // The account matters to a usage limit only; a budget is the project's.
    `a new ${opened.names.agent} session for ${opened.project.id}${hold.gate === "rate_limit" ? ` (account ${account})` : ""}`,
    hold.gate === "rate_limit"
      ? "wait for the reset with --queue (ao spawn --queue), or spawn with another agent (--agent)"
      : `raise projects.${opened.project.id}.budget.project in agent-orchestrator.yaml, or wait for the next day with --queue`,
  );
}

/** The account the new session's agent spends: its account variables in ao's env and the project's. */
export function spawnAccount(ctx: Pick<AoContext, "env">, opened: OpenProject): string {
  const env = agentEnvironment(ctx.env, opened.project.agentConfig.env ?? {});
  return agentAccount(opened.names.agent, opened.agent.accountVariables, env);
}
