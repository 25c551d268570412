import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { checkDefinition } from "../registry/check-definition.js";
import { loadPluginModule } from "../registry/load-plugin-module.js";
import type { DaemonLog } from "./daemon-log.js";

type ServerGone = (() => Promise<boolean>) | undefined;

/**
 * Notices that a runtime's own server (ao's tmux server) went away under live sessions: each look
 * asks the runtimes those sessions use, through their `serverGone` capability (runtimes without it,
 * such as process, docker or kubernetes, are never asked). A runtime is reported once per loss: when
 * it is gone now and was not gone at the look before. The daemon's first look only remembers, so a
 * server already gone when it started is `ao start`'s to restore (or not, with `--no-restore`).
 */
export function createServerWatch(
  ctx: AoContext,
  baseDir: string,
  log: DaemonLog,
): (runtimes: readonly string[]) => Promise<string[]> {
  const asker = new Map<string, Promise<ServerGone>>();
  let gone = new Set<string>();
  let first = true;
  let lastComplaint = "";
  return async (runtimes) => {
    const now = new Set<string>();
    for (const name of new Set(runtimes)) {
      if (!asker.has(name)) asker.set(name, loadAsker(ctx, name, baseDir));
      const ask = await asker.get(name);
      if (ask === undefined) continue;
      try {
        if (await ask()) now.add(name);
      } catch (error) {
        // Cannot tell is never gone; said once, not at every cycle.
        const complaint = `runtime ${name}: ${messageOf(error)}`;
        if (complaint !== lastComplaint) log.warn(`could not tell whether the server is there: ${complaint}`);
        lastComplaint = complaint;
        if (gone.has(name)) now.add(name);
      }
    }
    const lost = first ? [] : [...now].filter((name) => !gone.has(name));
    gone = now;
    first = false;
    return lost;
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
