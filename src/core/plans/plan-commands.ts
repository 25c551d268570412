import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { loadConfig } from "../config/index.js";
import { findProject } from "../sessions/open-project.js";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { closeStore, openStore, type Store } from "../store/index.js";
import { diffProposals, type ProposalChange } from "./diff-proposals.js";
import { estimatePlan, type PlanEstimate } from "./estimate-plan.js";
import { flushHeldRevisions, heldRevision } from "./held-revisions.js";
import { parseProposalText } from "./parse-proposal.js";
import { listPlans, requirePlan, type PlanRecord } from "./plan-store.js";
import { proposePlan } from "./propose-plan.js";
import { getRevision, type RevisionRecord } from "./revision-store.js";
import { roleRuns } from "./role-runs.js";
import { readPlanCard, type PlanCard } from "./run/plan-card.js";

/**
 * The plan commands of the CLI (`ao plan …`, docs/plans.md). Each opens the store, appends the
 * agent revisions the cooldown held once they are due, and answers with plain data for `--json`.
 */
export interface PlanCommandOptions {
  readonly configPath?: string | undefined;
}

/** What `ao plan show` (and propose, edit, rewind) answer: the plan at a revision, with estimates. */
export interface PlanView {
  readonly plan: PlanRecord;
  readonly revision: RevisionRecord;
  /** An agent revision waiting for the cooldown, if any. */
  readonly held: { readonly dueAt: number; readonly coalesced: number; readonly baseRevision: number } | null;
  readonly estimate: PlanEstimate;
}

export const PERSON = "person";

/** Runs `fn` on the open store (held revisions flushed first), and closes it. */
export async function withPlanStore<T>(ctx: AoContext, fn: (store: Store) => T | Promise<T>): Promise<T> {
  const store = openStore(ctx);
  try {
    flushHeldRevisions(store);
    return await fn(store);
  } finally {
    closeStore(store);
  }
}

/** The plan at `revision` (default: the latest), with its estimates from the store's history. */
export function planView(store: Store, planId: string, revision?: number): PlanView {
  const plan = requirePlan(store, planId);
  const record = getRevision(store, planId, revision);
  const held = heldRevision(store, planId);
  return {
    plan,
    revision: record,
    held:
      held === undefined
        ? null
        : { dueAt: held.dueAt, coalesced: held.coalesced, baseRevision: held.baseRevision },
    estimate: estimatePlan(record.proposal, (role) => roleRuns(store, plan.project, role)),
  };
}

/** The plan's card (the dashboard's, src/core/plans/run/plan-card.ts) at `revision` or as shown by default. */
export function planCardOf(store: Store, planId: string, revision?: number): PlanCard {
  requirePlan(store, planId); // E_NOT_FOUND with a hint, before reading
  return readPlanCard(store, planId, { revision })!;
}

/** Reads a file relative to the working directory; a missing file is E_NOT_FOUND, not a stack. */
export async function readPlanFile(ctx: AoContext, file: string): Promise<{ path: string; text: string }> {
  const path = resolve(ctx.cwd, file);
  try {
    return { path, text: await readFile(path, "utf8") };
  } catch (error) {
    throw new AoError(
      "E_NOT_FOUND",
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      {
        hint: "give the path of a plan file (YAML or JSON), relative to the current directory",
        details: { file: path },
      },
    );
  }
}

/** `ao plan propose <project> --file plan.yaml [--parent <issue>]`. */
export async function proposePlanFile(
  ctx: AoContext,
  input: { project: string; file: string; parentIssue?: string | undefined },
  options: PlanCommandOptions = {},
): Promise<PlanCard> {
  findProject(await loadConfig(ctx, { configPath: options.configPath }), input.project);
  const { path, text } = await readPlanFile(ctx, input.file);
  const proposal = parseProposalText(text, path, ctx.cwd);
  return withPlanStore(ctx, (store) => {
    const { plan } = proposePlan(store, {
      project: input.project,
      parentIssue: input.parentIssue,
      proposal,
      author: PERSON,
    });
    return planCardOf(store, plan.id);
  });
}

export async function listPlanRecords(ctx: AoContext, project?: string): Promise<PlanRecord[]> {
  return withPlanStore(ctx, (store) => listPlans(store, { project }));
}

/** `ao plan show <plan> [--revision <n>]`: the plan card, as the dashboard serves it. */
export async function showPlan(ctx: AoContext, planId: string, revision?: number): Promise<PlanCard> {
  return withPlanStore(ctx, (store) => planCardOf(store, planId, revision));
}

/** `ao plan diff <plan> <from> <to>`. */
export async function diffPlan(
  ctx: AoContext,
  planId: string,
  from: number,
  to: number,
): Promise<{ plan: string; from: number; to: number; changes: ProposalChange[] }> {
  return withPlanStore(ctx, (store) => {
    const before = getRevision(store, planId, from).proposal;
    const after = getRevision(store, planId, to).proposal;
    return { plan: planId, from, to, changes: diffProposals(before, after) };
  });
}
