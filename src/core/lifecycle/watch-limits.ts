import { createHash } from "node:crypto";
import { messageOf } from "../errors.js";
import { sessionPluginOptions } from "../session-plugins/session-plugins.js";
import type { Agent } from "../slots/index.js";
import {
  getLimitWait,
  getSession,
  limitsToResume,
  listTurns,
  markLimitResumed,
  pendingWaits,
  recordAccountLimit,
  recordLimitWait,
  sessionAccount,
  writeTransaction,
  type AccountLimit,
  type LimitWait,
  type Session,
} from "../store/index.js";
import { limitScreens, type LimitScreen } from "./limit-screens.js";
import type { CycleScope, CycleStep } from "./cycle-scope.js";
import { enginePlugins } from "./engine.js";
import { notifyPerson } from "./notify-person.js";
import { resumeSession, scheduleResumes } from "./resume-limited.js";

/** How much of a screen is read for a limit message: the end, where a new one appears. */
const LIMIT_SCREEN_LINES = 15;

/**
 * The usage-limit step of a cycle (docs/limits-and-budgets.md), before deciding: each watched
 * session's agent is shown the end of its screen and its last ended turn's words
 * (`Agent.recognizeLimit`); a limit seen is recorded once per account on this machine (the
 * rate-limit gate then holds that account's sessions and spawns) and the session waits for its
 * continue turn. Then every limit whose reset passed resumes the sessions it interrupted, one turn
 * each, staggered (`limits.resumeSpacing` apart).
 */
export const watchLimits: CycleStep = async (scope) => {
  const errors: string[] = [];
  let events = 0;
  const screenOf = limitScreens(scope);
  for (const session of scope.sessions) {
    try {
      if (await seeLimit(scope, session, screenOf)) events++;
    } catch (error) {
      errors.push(`${session.id}: usage limit: ${messageOf(error)}`);
    }
  }
  for (const limit of limitsToResume(scope.store, scope.at)) {
    try {
      events += await resume(scope, limit);
    } catch (error) {
      errors.push(`${limit.account}: resume after the usage limit: ${messageOf(error)}`);
    }
  }
  return { events, errors };
};

/** Looks for a limit message of the session's agent; true when it recorded a new limit. */
async function seeLimit(scope: CycleScope, session: Session, screenOf: LimitScreen): Promise<boolean> {
  if (session.status === "spawning" || session.runtimeHandle === null) return false;
  const agent = await agentOf(scope, session);
  if (agent.recognizeLimit === undefined) return false;
  const last = listTurns(scope.store, { sessionId: session.id, limit: 1 })[0];
  const turnWords = last === undefined ? "" : (last.error ?? last.reply ?? "");
  // Once a turn was given after the last limit it saw, that turn's words say whether the agent is
  // limited again: the old message may still be on the screen.
  const wait = getLimitWait(scope.store, session.id);
  const screen =
    wait !== undefined && last !== undefined && last.queuedAt > wait.since
      ? ""
      : ((await screenOf(session, LIMIT_SCREEN_LINES)) ?? "");
  const seen = agent.recognizeLimit(`${turnWords}\n${screen}`, scope.at);
  // A limit whose reset already passed is no limit now (a message read late, or an old one).
  if (seen === null || (seen.resetAt !== undefined && seen.resetAt <= scope.at)) return false;
  const sighting = createHash("sha256")
    .update(`${seen.words}\n${last?.id ?? "no turn"}`)
    .digest("hex");
  const fallbackMs = scope.config.limits.fallbackWaitMs;
  const account = sessionAccount(scope.store, session);
  const recorded = writeTransaction(scope.store, (tx) => {
    if (!recordLimitWait(tx, { sessionId: session.id, agent: session.agent, account, sighting }))
      return false;
    return recordAccountLimit(tx, {
      account,
      agent: session.agent,
      words: seen.words,
      resetAt: seen.resetAt ?? scope.at + fallbackMs,
      resetPrinted: seen.resetAt !== undefined,
      sessionId: session.id,
    });
  });
  if (recorded)
    await tellLimitHit(scope, session, account, seen.words, seen.resetAt ?? scope.at + fallbackMs);
  return recorded;
}

/**
 * The words of the session's turn when it failed after the limit was seen with words that are no
 * limit: what held it was another error that looked like one (Claude Code 2.1.197 retries a 401
 * with a 429's line), and a continue turn would only meet it again.
 */
async function failedOtherwise(scope: CycleScope, wait: LimitWait): Promise<string | undefined> {
  const session = getSession(scope.store, wait.sessionId);
  const last = listTurns(scope.store, { sessionId: wait.sessionId, limit: 1 })[0];
  if (session === undefined || last?.status !== "failed" || last.error === null) return undefined;
  if ((last.endedAt ?? 0) < wait.since) return undefined;
  const agent = await agentOf(scope, session);
  return agent.recognizeLimit?.(last.error, scope.at) === null ? last.error : undefined;
}

async function agentOf(scope: CycleScope, session: Session): Promise<Agent> {
  const plugins = enginePlugins(scope.ctx, scope.engine);
  const registry = plugins.forProject(session.project)?.registry ?? plugins.shared;
  return registry.resolve("agent", session.agent, sessionPluginOptions(scope.config)(session, "agent"));
}

async function tellLimitHit(
  scope: CycleScope,
  session: Session,
  account: string,
  words: string,
  resetAt: number,
): Promise<void> {
  await notifyPerson(scope.ctx, scope.engine, {
    title: `${session.agent} hit its usage limit (account ${account})`,
    body: `${words}\nao holds this account's sessions and spawns until ${new Date(resetAt).toISOString()}, then resumes them one after another.`,
    priority: "warning",
    sessionId: session.id,
    nextCommand: "ao status",
  });
}

/**
 * Gives each interrupted session of the account whose slot came its continue turn (the others wait
 * for theirs); once none is left, the limit is done and a person is told.
 */
async function resume(scope: CycleScope, limit: AccountLimit): Promise<number> {
  const waits = scheduleResumes(
    scope,
    pendingWaits(scope.store, limit.account).filter((wait) => getSession(scope.store, wait.sessionId)),
  );
  const due = waits.filter((wait) => wait.resumeAt !== null && wait.resumeAt <= scope.at);
  const turns: string[] = [];
  const skipped: string[] = [];
  for (const wait of due) {
    const resumed = await resumeSession(scope, limit, wait, await failedOtherwise(scope, wait));
    turns.push(...resumed.turns.map((turn) => `${turn.sessionId} (${turn.turnId})`));
    skipped.push(...resumed.skipped.map((skip) => `${skip.sessionId}: ${skip.reason}`));
  }
  if (due.length < waits.length) return due.length;
  writeTransaction(scope.store, (tx) => markLimitResumed(tx, limit.account));
  await notifyPerson(scope.ctx, scope.engine, {
    title: `${limit.agent}'s usage limit lifted (account ${limit.account}): work resumed`,
    body: resumedBody(waits.length, turns, skipped),
    priority: "info",
    nextCommand: "ao status",
  });
  return due.length + 1;
}

/** What the person is told when a limit's sessions were resumed: the last continue turns, and who got none. */
function resumedBody(waiting: number, turns: readonly string[], skipped: readonly string[]): string {
  if (waiting === 0) return "No session was waiting for it.";
  if (skipped.length === 0)
    return `Every waiting session got its continue turn${turns.length === 0 ? "" : `; last: ${turns.join(", ")}`}.`;
  return `Continue turns: ${turns.join(", ") || "none"}.\nNo continue turn for ${skipped.join("; ")}.`;
}
