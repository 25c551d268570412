import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import type { TerminalView } from "../slots/index.js";
import { closeStore, isTerminalStatus, openStore, requireSession } from "../store/index.js";
import { storedHandle } from "./runtime-handle.js";
import { registryForNames } from "./session-plugins.js";

/** The terminal plugin a person's view opens through; tmux-attach is the built-in one. */
export const DEFAULT_TERMINAL = "tmux-attach";

export interface AttachOptions {
  terminal?: string | undefined;
  configPath?: string | undefined;
}

/**
 * Opens a person's view onto a running session. With tmux-attach it takes over this terminal and
 * resolves when the person detaches (Ctrl-b d).
 */
export async function attachSession(
  ctx: AoContext,
  id: string,
  options: AttachOptions = {},
): Promise<TerminalView> {
  const store = openStore(ctx);
  let session;
  try {
    session = requireSession(store, id);
  } finally {
    closeStore(store);
  }
  const handle = storedHandle(session);
  if (handle === undefined || isTerminalStatus(session.status)) {
    throw new AoError(
      "E_SESSION_STATE",
      `cannot attach to ${id}: ${handle === undefined ? "its agent was never started" : `it is ${session.status}`}`,
      {
        hint: `bring it back with \`ao session restore ${id}\``,
        details: { session: id, status: session.status },
      },
    );
  }
  const name = options.terminal ?? DEFAULT_TERMINAL;
  const registry = await registryForNames(ctx, [{ slot: "terminal", name }], options.configPath);
  const terminal = await registry.resolve("terminal", name);
  return terminal.open(handle, { sessionId: id });
}
