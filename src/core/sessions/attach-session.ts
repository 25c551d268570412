import type { AoContext } from "../context.js";
import { sessionPageUrlIfServed } from "../daemon-state/dashboard-url.js";
import { AoError } from "../errors.js";
import type { RuntimeHandle, TerminalView } from "../slots/index.js";
import { closeStore, isTerminalStatus, openStore, requireSession, type Session } from "../store/index.js";
import { pluginsForSessions } from "../session-plugins/session-plugins.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { sessionTerminal } from "./session-terminal.js";

export interface AttachOptions {
  terminal?: string | undefined;
  configPath?: string | undefined;
}

/**
 * Opens a person's view onto a running session through its project's terminal plugin (see
 * sessionTerminal). A terminal may take over this one and resolve only when the person detaches.
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
        hint: `read what it last showed with \`ao session logs ${id}\`; bring it back with \`ao session restore ${id}\``,
        details: { session: id, status: session.status },
      },
    );
  }
  const terminal = await sessionTerminal(ctx, session.project, options);
  const pageUrl = await sessionPageUrlIfServed(ctx, id);
  const attachCommand = await runtimeAttachCommand(ctx, session, handle, options.configPath);
  return terminal.open(handle, { sessionId: id, pageUrl, ...(attachCommand ? { attachCommand } : {}) });
}

/** The runtime's own way in, when it has one; a runtime that cannot load leaves the terminal to try. */
async function runtimeAttachCommand(
  ctx: AoContext,
  session: Session,
  handle: RuntimeHandle,
  configPath: string | undefined,
): Promise<readonly string[] | undefined> {
  const { registry, optionsFor } = await pluginsForSessions(ctx, [session], configPath);
  const runtime = await registry
    .resolve("runtime", session.runtime, optionsFor(session, "runtime"))
    .catch(() => undefined);
  return runtime?.attachCommand?.(handle);
}
