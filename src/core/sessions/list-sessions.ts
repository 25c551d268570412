import { measureSessionMemory } from "../admission/index.js";
import type { AoContext, OutputStream } from "../context.js";
import {
  closeStore,
  commanderNamesBySession,
  getSession,
  listSessions,
  openStore,
  type Session,
} from "../store/index.js";
import { sessionCost, type SessionCost } from "../cost/session-cost.js";
import { probeSessions, type SessionProbe } from "./probe-sessions.js";
import { fileScreenStillness } from "./screen-stillness.js";
import { recordNewExits } from "./record-exits.js";
import { listedBudgetGaps } from "./session-budget-gaps.js";
import { pluginsForSessions } from "../session-plugins/session-plugins.js";
import { sessionHold, type SessionHold } from "./session-hold.js";
import { sessionView, type SessionView } from "./session-view.js";

export interface ListOptions {
  /** Include ended sessions (merged, closed, exited, killed, errored). */
  all?: boolean | undefined;
  project?: string | undefined;
  /** Only these sessions (ended ones included). */
  ids?: readonly string[] | undefined;
  configPath?: string | undefined;
  /**
   * Run one lifecycle cycle first (observe, decide, persist, plan; nothing delivered), so the
   * statuses and PR columns are fresh. Asks the forge; without it the store is only read. The
   * caller hands in the lifecycle's `refreshSessions`: the lifecycle sits above sessions.
   */
  refresh?: SessionsRefresh | undefined;
}

/** One cycle that observes the sessions and sends nothing; the problems it met, as text. */
export type SessionsRefresh = (
  ctx: AoContext,
  options: { configPath?: string | undefined },
) => Promise<{ readonly errors: readonly string[] }>;

/**
 * Sessions with what their runtime and agent say now. Cheap on purpose (`ao status` in a loop):
 * one store read, one batched liveness probe per runtime, activity only for live sessions, and no
 * configuration loaded when every plugin is a built-in.
 */
export async function listSessionViews(ctx: AoContext, options: ListOptions = {}): Promise<SessionView[]> {
  if (options.refresh !== undefined) await refresh(ctx, options.refresh, options.configPath);
  const store = openStore(ctx);
  let sessions;
  let commanders: Map<string, string>;
  let costs: Map<string, SessionCost>;
  let holds: Map<string, SessionHold | null>;
  try {
    commanders = commanderNamesBySession(store);
    const ids = options.ids === undefined ? undefined : new Set(options.ids);
    sessions = listSessions(store, {
      activeOnly: options.all !== true && ids === undefined,
      project: options.project,
    });
    if (ids !== undefined) sessions = sessions.filter((session) => ids.has(session.id));
    costs = new Map(sessions.map((session) => [session.id, sessionCost(store, session.id)]));
    holds = new Map(sessions.map((session) => [session.id, sessionHold(store, session)]));
  } finally {
    closeStore(store);
  }
  if (sessions.length === 0) return [];
  const plugins = await pluginsForSessions(ctx, sessions, options.configPath);
  const probes = await probeSessions(
    sessions,
    plugins.registry,
    plugins.optionsFor,
    fileScreenStillness(ctx),
  );
  if ([...probes.values()].some((probe) => probe.exit !== undefined))
    sessions = keepExits(ctx, sessions, probes);
  const gaps = await listedBudgetGaps(ctx, sessions, plugins, options.configPath);
  const memory = await measureSessionMemory(ctx.exec, probes);
  const now = ctx.clock.now();
  return sessions.map((session) => ({
    ...sessionView(
      session,
      probes.get(session.id),
      now,
      commanders.get(session.id) ?? null,
      costs.get(session.id),
      holds.get(session.id),
    ),
    unenforcedBudgets: (gaps.get(session.id) ?? []).map(({ scope, why }) => ({ scope, why })),
    memoryBytes: memory.get(session.id) ?? null,
  }));
}

/** An agent seen exited for the first time: its exit is kept with the session, and shown as kept. */
function keepExits(ctx: AoContext, sessions: Session[], probes: Map<string, SessionProbe>): Session[] {
  const store = openStore(ctx);
  try {
    recordNewExits(store, probes);
    return sessions.map((session) =>
      probes.get(session.id)?.exit ? (getSession(store, session.id) ?? session) : session,
    );
  } finally {
    closeStore(store);
  }
}

/**
 * Calls `onFrame` with fresh views every `intervalMs` until `signal` aborts (the CLI's `--watch`
 * runs until Ctrl-C ends the process).
 */
export async function watchSessionViews(
  ctx: AoContext,
  options: ListOptions & { intervalMs: number; signal?: AbortSignal | undefined },
  onFrame: (views: SessionView[]) => void | Promise<void>,
): Promise<void> {
  const { setTimeout: sleep } = await import("node:timers/promises");
  // Each frame lists anew; a warning that holds for every frame (a config that no longer loads)
  // is said once, not every two seconds.
  const frameCtx = { ...ctx, stderr: onceEachText(ctx.stderr) };
  while (options.signal?.aborted !== true) {
    await onFrame(await listSessionViews(frameCtx, options));
    await sleep(options.intervalMs, undefined, { signal: options.signal }).catch(() => undefined);
  }
}

function onceEachText(stream: OutputStream): OutputStream {
  const written = new Set<string>();
  return {
    isTTY: stream.isTTY,
    write(chunk) {
      if (written.has(chunk)) return true;
      written.add(chunk);
      return stream.write(chunk);
    },
  };
}

/** Problems of the refresh cycle are warnings: the listing from the store is still worth showing. */
async function refresh(
  ctx: AoContext,
  refreshSessions: SessionsRefresh,
  configPath: string | undefined,
): Promise<void> {
  const report = await refreshSessions(ctx, { configPath });
  for (const error of report.errors) ctx.stderr.write(`warning: refresh: ${error}\n`);
}
