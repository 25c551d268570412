import { messageOf } from "../../errors.js";
import {
  getSession,
  isTerminalStatus,
  listSessions,
  updateTicket,
  writeTransaction,
  type PlanTicket,
  type Session,
} from "../../store/index.js";
import { giveTurn } from "../../turns/give-turn.js";
import type { PlanRecord } from "../plan-store.js";
import type { Pipeline, PipelineStep } from "../types.js";
import type { PlanWorld } from "./plan-world.js";
import { stepPrompt } from "./step-prompt.js";

/** What starting a step needs beyond the step: the plan, its pipeline, rows, and scaffolding. */
export interface StartFacts {
  readonly plan: PlanRecord;
  readonly pipeline: Pipeline;
  readonly rows: readonly PlanTicket[];
  readonly commanderId: number;
  readonly discussion: string | null;
}

/**
 * Starts a ready step. A debate position or the synthesis is a turn of its own, given to the
 * role's live session of this plan when it has one; every other step (and a turn step whose role
 * has no live session) is a session of its own, spawned as the plan's worker on the branch
 * `plan/<plan>/<step>` (from its `startFrom` dependency's branch when the plan says so). A spawn
 * interrupted before its row was written is found again by that branch, never spawned twice.
 */
export async function startStep(
  world: PlanWorld,
  step: PipelineStep,
  facts: StartFacts,
): Promise<PlanTicket> {
  const row = facts.rows.find((candidate) => candidate.ticketId === step.id);
  if (row === undefined) throw new Error(`plan ${facts.plan.id} has no row for step ${step.id}`);
  const prompt = stepPrompt(step, {
    planId: facts.plan.id,
    goal: facts.pipeline.goal,
    discussion: facts.discussion,
    inputs: inputsOf(step, facts),
  });
  const since = world.ctx.clock.now();
  try {
    const talk =
      step.kind === "debate" || step.kind === "synthesis" ? liveRoleSession(world, step, facts) : undefined;
    if (talk !== undefined) {
      const turn = await giveTurn(world.turns, { sessionId: talk.id, text: prompt, origin: "mcp" });
      return running(world, row, { sessionId: talk.id, turnId: turn.id, since });
    }
    const session = adoptedSpawn(world, facts.plan, step) ?? (await spawnStep(world, step, facts, prompt));
    return running(world, row, { sessionId: session.id, since });
  } catch (error) {
    return writeTransaction(world.store, (tx) =>
      updateTicket(tx, row.planId, row.ticketId, {
        state: "failed",
        reason: `could not start: ${messageOf(error)}`,
        endedAt: tx.clock.now(),
      }),
    );
  }
}

/** The branch a step's own session works on. */
export function stepBranch(planId: string, stepId: string): string {
  return `plan/${planId}/${stepId}`;
}

function spawnStep(
  world: PlanWorld,
  step: PipelineStep,
  facts: StartFacts,
  prompt: string,
): Promise<Session> {
  const from =
    step.startFrom === null ? undefined : facts.rows.find((row) => row.ticketId === step.startFrom);
  const fromSession = from?.sessionId == null ? undefined : getSession(world.store, from.sessionId);
  return world.spawn({
    project: facts.plan.project,
    prompt,
    agent: step.role.agent,
    ...(step.role.model === null ? {} : { model: step.role.model }),
    branch: stepBranch(facts.plan.id, step.id),
    worker: { commanderId: facts.commanderId },
    ...(fromSession === undefined ? {} : { startFrom: fromSession.branch }),
    configPath: world.configPath,
  });
}

function inputsOf(step: PipelineStep, facts: StartFacts): Map<string, { title: string; output: unknown }> {
  const inputs = new Map<string, { title: string; output: unknown }>();
  for (const input of step.inputs) {
    const row = facts.rows.find((candidate) => candidate.ticketId === input.step);
    const title = facts.pipeline.steps.find((candidate) => candidate.id === input.step)?.title ?? input.step;
    if (row?.state === "done") inputs.set(input.step, { title, output: row.output });
  }
  return inputs;
}

/** The role's session of this plan that is still running, if any: where its next turn goes. */
function liveRoleSession(world: PlanWorld, step: PipelineStep, facts: StartFacts): Session | undefined {
  for (const row of facts.rows) {
    if (row.role !== step.role.id || row.sessionId === null) continue;
    const session = getSession(world.store, row.sessionId);
    if (session !== undefined && !isTerminalStatus(session.status) && session.status !== "spawning")
      return session;
  }
  return undefined;
}

function adoptedSpawn(world: PlanWorld, plan: PlanRecord, step: PipelineStep): Session | undefined {
  const branch = stepBranch(plan.id, step.id);
  return listSessions(world.store, { project: plan.project }).find(
    (session) => session.branch === branch || session.branch.startsWith(`${branch}-`),
  );
}

/** `since`: when starting began, so a report the worker made before this row was written counts. */
function running(
  world: PlanWorld,
  row: PlanTicket,
  at: { sessionId: string; turnId?: string; since: number },
): PlanTicket {
  const { since, ...ids } = at;
  return writeTransaction(world.store, (tx) =>
    updateTicket(tx, row.planId, row.ticketId, { state: "running", ...ids, startedAt: since }),
  );
}
