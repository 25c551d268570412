import type { AoContext } from "../context.js";
import { engineTurnContext } from "./cycle-turns.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";
import { notifyPerson } from "./notify-person.js";
import { killSession } from "../sessions/kill-session.js";
import { spawnSession } from "../sessions/spawn-session.js";
import type { PlanWorld } from "../plans/run/plan-world.js";

/** The daemon's PlanWorld: its store, its configuration file, its plugins and notifiers. */
export function engineWorld(ctx: AoContext, engine: LifecycleEngine): PlanWorld {
  const configPath = engine.config.path;
  return {
    ctx,
    store: engine.store,
    configPath,
    tracker: async (projectId) => enginePlugins(ctx, engine).forProject(projectId)?.tracker(),
    notify: async (notification) => {
      await notifyPerson(ctx, engine, notification);
    },
    spawn: (request) => spawnSession(ctx, { ...request, configPath }),
    kill: async (sessionId) => {
      await killSession(ctx, sessionId, { purge: true, configPath });
    },
    turns: engineTurnContext(ctx, engine),
  };
}
