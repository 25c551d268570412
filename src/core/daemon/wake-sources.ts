import { basename, dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { sessionPluginOptions } from "../session-plugins/session-plugins.js";
import type { Agent } from "../slots/index.js";
import { listSessions, type Session } from "../store/index.js";
import { AgentSignalWakes } from "./agent-signal-wakes.js";
import { BranchWakes } from "./branch-wakes.js";
import type { CycleQueue } from "./cycle-queue.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";
import { DirWatch } from "./dir-watch.js";
import { watchScmChanges } from "./scm-wakes.js";
import { createWakeBatch } from "./wake-batch.js";

/** How often the daemon looks for sessions that started or ended, to watch their branches. */
export const SESSION_SYNC_MS = 1_000;

export interface WakeSources {
  /** Resolves once the look in flight has finished; nothing wakes the queue afterwards. */
  readonly stop: () => Promise<void>;
}

export interface WakeOptions {
  readonly queue: CycleQueue;
  readonly log: DaemonLog;
  readonly project: string | undefined;
}

/**
 * What wakes the daemon between its polls (docs/daemon.md, "What wakes the daemon"): a commit on a
 * session's branch, its agent's signals (a turn ended, a person is asked) and what its scm reports
 * (a finished local CI run) wake a cycle for those
 * sessions; a change of the configuration file wakes a full one. Off with `daemon.watchFiles: false`.
 */
export async function startWakeSources(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: WakeOptions,
): Promise<WakeSources> {
  const { log } = options;
  if (!engine.config.config.daemon.watchFiles) {
    log.info("daemon.watchFiles is off: changes wait for the next poll");
    return { stop: () => Promise.resolve() };
  }
  const batch = createWakeBatch(
    (sessionIds) => void options.queue.request(sessionIds),
    (line) => log.info(line),
  );
  const dirs = new DirWatch((dir, error) =>
    log.warn(`not watching ${dir} (${messageOf(error)}): its changes wait for the next poll`),
  );
  const configPath = engine.config.path;
  const onConfig = () => batch.wake("config");
  dirs.add(dirname(configPath), basename(configPath), onConfig);
  const stopScm = await watchScmChanges(ctx, engine, options, (ids) => batch.wake("scm", ids));
  const branches = new BranchWakes(dirs, (id, why) => batch.wake(why, [id]));
  const agents = new AgentSignalWakes(dirs, await agentResolver(ctx, engine), (id) =>
    batch.wake("agent", [id]),
  );
  const stopped = new AbortController();
  const syncing = syncSessions(engine, { branches, agents }, options, stopped.signal);
  return {
    stop: async () => {
      stopped.abort();
      await syncing;
      stopScm();
      branches.close();
      agents.close();
      dirs.close();
      batch.close();
    },
  };
}

/** Each session's agent plugin, as the cycle resolves it (the project's registry, the session's options). */
async function agentResolver(
  ctx: AoContext,
  engine: LifecycleEngine,
): Promise<(session: Session) => Promise<Agent | undefined>> {
  const { enginePlugins } = await import("../lifecycle/engine.js");
  const plugins = enginePlugins(ctx, engine);
  const optionsFor = sessionPluginOptions(engine.config.config);
  return (session) => {
    const registry = plugins.forProject(session.project)?.registry ?? plugins.shared;
    return registry.resolve("agent", session.agent, optionsFor(session, "agent"));
  };
}

/** Keeps the branch and agent-signal watches in step with the active sessions: a spawn's first commit wakes too. */
async function syncSessions(
  engine: LifecycleEngine,
  watches: { readonly branches: BranchWakes; readonly agents: AgentSignalWakes },
  options: WakeOptions,
  signal: AbortSignal,
): Promise<void> {
  for (let first = true; !signal.aborted; first = false) {
    try {
      const sessions = listSessions(engine.store, { project: options.project, activeOnly: true });
      watches.branches.sync(sessions, !first);
      await watches.agents.sync(sessions);
    } catch (error) {
      options.log.error(`watching the sessions' branches: ${messageOf(error)}`);
    }
    await sleep(SESSION_SYNC_MS, undefined, { signal }).catch(() => undefined);
  }
}
