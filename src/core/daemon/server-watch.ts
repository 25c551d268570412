import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { checkDefinition } from "../registry/check-definition.js";
import { loadPluginModule } from "../registry/load-plugin-module.js";
import type { DaemonLog } from "./daemon-log.js";

type ServerGone = (() => Promise<boolean>) | undefined;

/**
 * Asks the runtimes that live sessions use whether their own server (ao's tmux server) is gone,
 * through their `serverGone` capability (runtimes without it, such as process, docker or
 * kubernetes, are never asked), and answers the set gone now. Whether that is a loss to restore is
 * loss-confirmation.ts's to decide. A question that fails is "cannot tell", never gone, and is
 * logged once, not at every cycle.
 */
export function createServerWatch(
  ctx: AoContext,
  baseDir: string,
  log: DaemonLog,
): (runtimes: Iterable<string>) => Promise<Set<string>> {
  const asker = new Map<string, Promise<ServerGone>>();
  let lastComplaint = "";
  return async (runtimes) => {
    const gone = new Set<string>();
    for (const name of new Set(runtimes)) {
      if (!asker.has(name)) asker.set(name, loadAsker(ctx, name, baseDir));
      const ask = await asker.get(name);
      if (ask === undefined) continue;
      try {
        if (await ask()) gone.add(name);
      } catch (error) {
        const complaint = `runtime ${name}: ${messageOf(error)}`;
        if (complaint !== lastComplaint) log.warn(`could not tell whether the server is there: ${complaint}`);
        lastComplaint = complaint;
      }
    }
    return gone;
  };
}

async function loadAsker(ctx: AoContext, name: string, baseDir: string): Promise<ServerGone> {
  try {
    const module = await loadPluginModule("runtime", name, { catalog: ctx.catalog, baseDir });
    const definition = checkDefinition("runtime", name, module);
    return definition.serverGone === undefined ? undefined : () => definition.serverGone!(ctx);
  } catch {
    // A runtime that does not load cannot have run these sessions' agents here; the cycle says why.
    return undefined;
  }
}
