import type { AoContext } from "../context.js";
import type { ReactionDeliveredDetail } from "../events/index.js";
import type { TurnStatus } from "../slots/index.js";
import { isAoError } from "../errors.js";
import { writeTransaction, type Reaction, type Session } from "../store/index.js";
import { queueSession } from "../train/index.js";
import { agentScreen } from "./agent-screen.js";
import { deliverToAgent } from "./deliver-to-agent.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";
import { nobodyTookIt, notifyPerson } from "./notify-person.js";
import { isApprovedAndGreen } from "./plan-reactions.js";
import type { ReactionPayload } from "./reaction-payload.js";
import { reactionNotification } from "./reaction-notification.js";
import { handBackAfter, handBackText } from "./hand-back.js";
import { renderMessage } from "./render-message.js";

export type ReactionOutcome =
  | { kind: "done"; detail?: ReactionDeliveredDetail }
  | { kind: "cancelled"; reason: string }
  | { kind: "failed"; error: string }
  | { kind: "escalate"; reason: string }
  /** Not done yet through no failure (its turn waits for the agent): due again later, attempt given back. */
  | { kind: "deferred"; reason: string; turnId: string; turnStatus: TurnStatus }
  /** A gate holds its session (usage limit, budget): due again at `dueAt`, attempt given back. */
  | { kind: "held"; gate: "rate_limit" | "budget"; reason: string; dueAt: number };

const SCREEN_LINES = 40;

/** Carries out one claimed reaction's action once. Throwing is a failed attempt. */
export async function performReaction(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  payload: ReactionPayload,
  session: Session | undefined,
): Promise<ReactionOutcome> {
  const body = await messageBody(ctx, engine, payload, session);
  switch (payload.action) {
    case "send-to-agent": {
      if (session === undefined)
        return { kind: "escalate", reason: "the reaction has no session to send to" };
      return deliverToAgent(ctx, engine, reaction, session, body);
    }
    case "notify": {
      const notification = reactionNotification(payload, body);
      const outcome = await notifyPerson(ctx, engine, notification);
      if (outcome.sent.length > 0) return { kind: "done", detail: { notifiers: outcome.sent } };
      return { kind: "failed", error: nobodyTookIt(outcome, notification.priority) };
    }
    case "auto-merge":
      return autoMerge(ctx, engine, reaction, payload, session);
    case "queue":
      return queueForTrain(engine, payload, session);
  }
}

/**
 * The `queue` action (approved-and-green only): the session enters its project's merge train
 * (docs/merge-train.md) at the head observed approved and green; the train tests and lands it.
 */
function queueForTrain(
  engine: LifecycleEngine,
  payload: ReactionPayload,
  session: Session | undefined,
): Promise<ReactionOutcome> {
  const pr = payload.facts.pr;
  if (session === undefined || pr === undefined || pr.headSha === "")
    return Promise.resolve({ kind: "escalate", reason: "queue has no pull request to queue" });
  if (!isApprovedAndGreen(session.prState, pr.headSha))
    return Promise.resolve({
      kind: "escalate",
      reason: `not queued: #${pr.number} is not approved and green at ${pr.headSha.slice(0, 12)}`,
    });
  const queued = writeTransaction(engine.store, (tx) =>
    queueSession(tx, { session, pr: pr.number, head: pr.headSha, by: "reaction" }),
  );
  return Promise.resolve({ kind: "done", detail: { queued: queued.position } });
}

/**
 * Merges with the head SHA that was observed approved and green as the guard: only when the last
 * observation still says approved, green and mergeable on that very head. Anything else goes to a
 * person; a merge the forge refuses is not retried.
 */
async function autoMerge(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  payload: ReactionPayload,
  session: Session | undefined,
): Promise<ReactionOutcome> {
  const pr = payload.facts.pr;
  if (session === undefined || pr === undefined || pr.headSha === "")
    return { kind: "escalate", reason: "auto-merge has no pull request to merge" };
  if (!isApprovedAndGreen(session.prState, pr.headSha))
    return {
      kind: "escalate",
      reason: `not merged: #${pr.number} is not approved, green and mergeable at ${pr.headSha.slice(0, 12)}`,
    };
  const scm = await enginePlugins(ctx, engine).forProject(session.project)?.scm();
  if (scm === undefined)
    return { kind: "escalate", reason: `project ${session.project} has no scm to merge with` };
  try {
    // No method: the scm merges the way its project configured (scm/github `mergeMethod`).
    await scm.merge({ number: pr.number, branch: session.branch }, { sha: pr.headSha });
  } catch (error) {
    if (isAoError(error) && error.code === "E_MERGE_REJECTED")
      return { kind: "escalate", reason: error.message };
    throw error;
  }
  return { kind: "done", detail: { merged: pr.number, sha: pr.headSha } };
}

/** The rendered message; agent reactions show the end of the agent's screen as `{{logTail}}`. */
export async function messageBody(
  ctx: AoContext,
  engine: LifecycleEngine,
  payload: ReactionPayload,
  session: Session | undefined,
): Promise<string> {
  const agentReaction = payload.reaction.startsWith("agent-");
  const logTail =
    agentReaction && session !== undefined
      ? await agentScreen(ctx, engine, session, SCREEN_LINES)
      : undefined;
  const handBack = payload.template.includes("handBack")
    ? await handBackText(ctx, engine.config, payload.facts.project, {
        branch: payload.facts.branch ?? session?.branch ?? "",
        defaultBranch: payload.facts.baseBranch,
        after: handBackAfter(payload.reaction),
      })
    : undefined;
  return renderMessage(payload.template, payload.facts, {
    now: ctx.clock.now(),
    logTail: logTail ?? (agentReaction ? "" : undefined),
    handBack,
  });
}
