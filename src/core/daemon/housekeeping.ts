import type { AoContext } from "../context.js";
import { cleanupMergedSessions } from "../sessions/merge-cleanup.js";
import { listSessions } from "../store/index.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";
import { KeepAwake } from "./keep-awake.js";

/** Statuses in which a session's agent is at work (what `power.preventIdleSleep` stays awake for). */
const AT_WORK = new Set(["spawning", "working"]);

export interface Housekeeping {
  /** After each cycle: tidy merged sessions whose grace passed, hold or release the inhibitor. */
  readonly afterCycle: () => Promise<void>;
  /** When the daemon stops: release the inhibitor. */
  readonly stop: () => Promise<void>;
}

/** The daemon's `power:` and `lifecycle:` sections (issue 17): what it does between cycles. */
export function createHousekeeping(
  ctx: AoContext,
  engine: LifecycleEngine,
  log: DaemonLog,
  platform: string,
): Housekeeping {
  const keepAwake = new KeepAwake(ctx, platform, log);
  const tidied = new Set<string>();
  const { config } = engine.config;
  return {
    async afterCycle() {
      const sessions = listSessions(engine.store);
      if (config.lifecycle.autoCleanupOnMerge) {
        const actions = await cleanupMergedSessions(ctx, engine.store, engine.config, sessions, tidied);
        for (const action of actions)
          log[action.error === undefined ? "info" : "error"](
            `merged ${action.session}: ${action.action.replace(/_/g, " ")}: ${action.detail}${action.error ? ` (${action.error})` : ""}`,
          );
      }
      if (config.power.preventIdleSleep)
        await keepAwake.update(sessions.some((session) => AT_WORK.has(session.status)));
    },
    stop: () => keepAwake.release(),
  };
}
