import type { AoContext } from "../../context.js";
import { mintSecret, sha256Hex } from "../../credentials/credentials.js";
import { AoError } from "../../errors.js";
import type { Issue, Tracker } from "../../slots/index.js";
import {
  hireRole,
  insertCommander,
  insertTickets,
  listHires,
  planSteps,
  recordPlanStep,
  setPlanParent,
  writeTransaction,
  type JsonObject,
  type Store,
} from "../../store/index.js";
import { materialize } from "../materialize.js";
import { getPlan, setPlanStatus, type PlanRecord } from "../plan-store.js";
import type { Proposal, ResolvedRole } from "../types.js";
import { ensureDiscussionFile, planCommanderName } from "./plan-files.js";

/**
 * The steps approval makes, in order, each recorded in `plan_steps` once it is done (docs/plans.md,
 * "Approval"). A crash between two steps leaves the completed ones recorded; running approval
 * again (`ao plan approve`, or the daemon finding an approved plan) does only the missing ones:
 *
 * - `approved`: the person's approval of (plan, revision), recorded by plan-store;
 * - `commander`: the plan becomes a commander, so its steps' sessions are its workers;
 * - `hire:<role>`: each role the proposal hires, recorded with its id (in the same transaction);
 * - `parent`: the parent ticket in the project's tracker (the one `--parent` named, or a new one);
 * - `discussion`: the discussion file every session of the plan is told of;
 * - `pipeline`: the materializer's steps as pending rows;
 * - `executing`: the plan is handed to the daemon.
 */
export interface ApprovalRun {
  readonly ctx: AoContext;
  readonly store: Store;
  readonly plan: PlanRecord;
  readonly proposal: Proposal;
  /** The project's tracker, resolved on first use (none: the plan has no parent ticket). */
  readonly tracker: () => Promise<Tracker | undefined>;
  /** Called after each recorded step (tests crash here). */
  readonly afterStep?: ((step: string) => void) | undefined;
}

export async function runApprovalSteps(run: ApprovalRun): Promise<PlanRecord> {
  const done = () => planSteps(run.store, run.plan.id);
  const step = async (name: string, action: () => Promise<void> | void) => {
    if (done().has(name)) return;
    await action();
    run.afterStep?.(name);
  };
  await step("commander", () => makeCommander(run));
  for (const [role, spec] of Object.entries(run.proposal.roles))
    if (spec.kind === "hire")
      await step(`hire:${role}`, () =>
        writeTransaction(run.store, (tx) => {
          const hire = hireRole(tx, run.plan.id, role, spec);
          recordPlanStep(tx, run.plan.id, `hire:${role}`, { hireId: hireIdOf(hire.id) });
        }),
      );
  await step("parent", () => makeParent(run));
  await step("discussion", () => {
    const file = ensureDiscussionFile(run.ctx.paths, run.plan.id, run.proposal.goal);
    writeTransaction(run.store, (tx) => recordPlanStep(tx, run.plan.id, "discussion", { path: file }));
  });
  await step("pipeline", () => makePipeline(run));
  await step("executing", () => {
    writeTransaction(run.store, (tx) => {
      setPlanStatus(tx, run.plan.id, { from: ["approved"], to: "executing" });
      recordPlanStep(tx, run.plan.id, "executing");
    });
  });
  return getPlan(run.store, run.plan.id) ?? run.plan;
}

/** A hire's id as people read it. */
export function hireIdOf(id: number): string {
  return `hire-${String(id)}`;
}

/** Every role as execution runs it: hired ones with their recorded hire. */
export function resolvedRoles(
  store: Store,
  planId: string,
  proposal: Proposal,
): Record<string, ResolvedRole> {
  const hires = new Map(listHires(store, planId).map((hire) => [hire.role, hire]));
  const roles: Record<string, ResolvedRole> = {};
  for (const [id, spec] of Object.entries(proposal.roles)) {
    const hire = hires.get(id);
    if (spec.kind === "hire" && hire === undefined)
      throw new AoError("E_PLAN_STATE", `role ${id} of plan ${planId} was never hired`, {
        hint: `finish the approval: ao plan approve ${planId}`,
      });
    roles[id] =
      hire === undefined
        ? { id, agent: spec.agent, model: null, rules: null, hireId: null }
        : { id, agent: hire.agent, model: hire.model, rules: hire.rules, hireId: hireIdOf(hire.id) };
  }
  return roles;
}

function makeCommander(run: ApprovalRun): void {
  // Nobody holds the token: the plan commands its workers from inside ao, never over MCP.
  writeTransaction(run.store, (tx) => {
    const commander = insertCommander(tx, planCommanderName(run.plan.id), sha256Hex(mintSecret()));
    recordPlanStep(tx, run.plan.id, "commander", { commanderId: commander.id, name: commander.name });
  });
}

async function makeParent(run: ApprovalRun): Promise<void> {
  const tracker = await run.tracker();
  const issue = tracker === undefined ? undefined : await parentIssue(run, tracker);
  const payload: JsonObject =
    issue === undefined
      ? {
          ref: null,
          why: tracker === undefined ? "the project has no tracker" : "the tracker cannot file issues",
        }
      : { ref: issue.id, url: issue.url ?? null };
  writeTransaction(run.store, (tx) => {
    if (issue !== undefined) setPlanParent(tx, run.plan.id, issue.id, issue.url ?? null);
    recordPlanStep(tx, run.plan.id, "parent", payload);
  });
}

/** The parent `--parent` named, else the one a crashed approval filed (found by its label and id), else a new one. */
async function parentIssue(run: ApprovalRun, tracker: Tracker): Promise<Issue | undefined> {
  if (run.plan.parentIssue !== null) return tracker.getIssue(run.plan.parentIssue);
  if (tracker.createIssue === undefined) return undefined;
  const title = `Plan ${run.plan.id}: ${(run.proposal.goal.split("\n")[0] ?? "").slice(0, 150)}`;
  const filed = await tracker.listIssues?.({ labels: [PLAN_LABEL], state: "all" });
  const earlier = filed?.find((issue) => issue.title === title);
  if (earlier !== undefined) return earlier;
  return tracker.createIssue({ title, body: parentBody(run), labels: [PLAN_LABEL] });
}

const PLAN_LABEL = "ao-plan";

function parentBody(run: ApprovalRun): string {
  const lines = run.proposal.tickets.map((ticket) => `- [ ] ${ticket.id}: ${ticket.title}`);
  return [
    run.proposal.goal,
    "",
    "Tickets:",
    ...lines,
    `- [ ] synthesis: ${run.proposal.synthesis.title}`,
    "",
    `Tracked by ao (plan ${run.plan.id}, revision ${String(run.plan.approvedRevision ?? run.plan.revision)}).`,
  ].join("\n");
}

function makePipeline(run: ApprovalRun): void {
  const pipeline = materialize(run.proposal, resolvedRoles(run.store, run.plan.id, run.proposal));
  writeTransaction(run.store, (tx) => {
    insertTickets(
      tx,
      run.plan.id,
      pipeline.steps.map((step) => ({ ticketId: step.id, kind: step.kind, role: step.role.id })),
    );
    recordPlanStep(tx, run.plan.id, "pipeline", { steps: pipeline.steps.length });
  });
}
