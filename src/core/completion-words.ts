import type { AoContext } from "./context.js";

export type CompletionKind = "sessions" | "projects";

/**
 * What shell completion offers after a command that takes a session or a project (`ao completion`'s
 * scripts call `ao completion --list <kind>`): session ids from the store, newest last; project ids
 * from the configuration. Never fails: a machine with no store or no config completes nothing.
 */
export async function completionWords(
  ctx: AoContext,
  kind: CompletionKind,
  configPath: string | undefined,
): Promise<string[]> {
  try {
    if (kind === "projects") {
      const { loadConfig } = await import("./config/load-config.js");
      const loaded = await loadConfig({ ...ctx, stderr: undefined }, { configPath });
      return Object.keys(loaded.config.projects);
    }
    const { closeStore, listSessions, openStore } = await import("./store/index.js");
    const store = openStore(ctx);
    try {
      return listSessions(store).map((session) => session.id);
    } finally {
      closeStore(store);
    }
  } catch {
    return [];
  }
}
