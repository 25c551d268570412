import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { checkDefinition } from "../registry/check-definition.js";
import { loadPluginModule } from "../registry/load-plugin-module.js";
import type { RunningAgent } from "../registry/plugin-capabilities.js";
import { isTerminalStatus, listSessions, type Session, type Store } from "../store/index.js";
import type { DoctorCheck } from "./check.js";
import { readStore } from "./read-store.js";

/** Ended sessions whose agents `ao session cleanup` stops (cleanup-sessions.ts). */
const CLEANED_UP = new Set(["killed", "merged", "closed"]);

/** What the store knows: the live sessions (by id and runtime handle), and every recorded session's status. */
interface Known {
  readonly live: ReadonlySet<string>;
  readonly ended: ReadonlyMap<string, string>;
  readonly runtimes: readonly string[];
}

/**
 * Agents that run with no live session behind them: a session row deleted or ended while its tmux
 * session went on (a failed stop, `kill --purge` of a stuck one), or a session someone started on
 * ao's own server. Nothing watches them, yet they use CPU, tokens and a checkout. Each runtime in
 * use that can list its agents (`runningAgents`) is asked; `runtimes` are the configured ones.
 */
export async function checkOrphanAgents(
  ctx: AoContext,
  runtimes: readonly string[],
  baseDir: string,
): Promise<DoctorCheck[]> {
  const base = { id: "orphan-agents", title: "orphan agents" };
  const reading = readStore(ctx, knownSessions);
  if (reading.kind === "unreadable") return [{ ...base, ...reading.line }];
  const known: Known =
    reading.kind === "read" ? reading.value : { live: new Set(), ended: new Map(), runtimes: [] };
  const asked = [
    ...new Set([...runtimes, ...known.runtimes.filter((name) => Object.hasOwn(ctx.catalog.runtime, name))]),
  ];
  const listed = await Promise.all(asked.map((name) => agentsOf(ctx, name, baseDir)));
  if (listed.every((outcome) => outcome === undefined)) return [];
  const problems = listed.flatMap((outcome) => (typeof outcome === "string" ? [outcome] : []));
  const agents = listed.flatMap((outcome) =>
    outcome === undefined || typeof outcome === "string" ? [] : [...outcome],
  );
  const orphans = agents.filter(
    (agent) => !known.live.has(agent.sessionId) && !known.live.has(handleKey(agent)),
  );
  if (orphans.length > 0) return [orphanLine(base, orphans, known)];
  if (problems.length > 0)
    return [
      {
        ...base,
        status: "warn",
        detail: `not checked: ${problems.join("; ")}`,
        fix: "run `ao doctor` again",
      },
    ];
  return [{ ...base, status: "ok", detail: `${agents.length} agent(s) running, each for a live session` }];
}

function knownSessions(store: Store): Known {
  const live = new Set<string>();
  const ended = new Map<string, string>();
  const sessions = listSessions(store);
  for (const session of sessions) {
    if (isTerminalStatus(session.status)) ended.set(session.id, session.status);
    else for (const key of liveKeys(session)) live.add(key);
  }
  return { live, ended, runtimes: [...new Set(sessions.map((session) => session.runtime))] };
}

function liveKeys(session: Session): string[] {
  const handle = session.runtimeHandle as { runtime?: unknown; id?: unknown } | null;
  const keys = [session.id];
  if (typeof handle?.runtime === "string" && typeof handle.id === "string")
    keys.push(`${handle.runtime}\u0000${handle.id}`);
  return keys;
}

function handleKey(agent: RunningAgent): string {
  return `${agent.handle.runtime}\u0000${agent.handle.id}`;
}

/** The runtime's running agents; undefined when it cannot list them, a string when listing failed. */
async function agentsOf(
  ctx: AoContext,
  name: string,
  baseDir: string,
): Promise<readonly RunningAgent[] | string | undefined> {
  try {
    const definition = checkDefinition(
      "runtime",
      name,
      await loadPluginModule("runtime", name, { catalog: ctx.catalog, baseDir }),
    );
    return (await definition.runningAgents?.(ctx)) ?? undefined;
  } catch (error) {
    return `runtime ${name}: ${messageOf(error)}`;
  }
}

function orphanLine(
  base: { id: string; title: string },
  orphans: readonly RunningAgent[],
  known: Known,
): DoctorCheck {
  const tidied = (agent: RunningAgent) => CLEANED_UP.has(known.ended.get(agent.sessionId) ?? "");
  const ofEnded = orphans.filter(tidied);
  const unknown = orphans.filter((agent) => !tidied(agent));
  const what = orphans.map((agent) => {
    const status = known.ended.get(agent.sessionId);
    return `${agent.sessionId} (${status === undefined ? "no session" : `session ${status}`})`;
  });
  const fixes = [
    ...(ofEnded.length > 0
      ? ["`ao session cleanup` stops the agents of killed, merged and closed sessions"]
      : []),
    ...(unknown.length > 0
      ? [`stop the others if nobody uses them: ${unknown.map((agent) => agent.stop).join("; ")}`]
      : []),
  ];
  return {
    ...base,
    status: "warn",
    detail: `${orphans.length} agent(s) run that no live session knows, so nothing watches them: ${what.join(", ")}`,
    fix: fixes.join("; "),
  };
}
