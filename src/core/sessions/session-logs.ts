import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { redactText } from "../redact.js";
import type { Session } from "../store/index.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { pluginsForSessions } from "../session-plugins/session-plugins.js";
import { readSession } from "./session-pull.js";

/** Lines of screen and scrollback `ao session logs` reads unless told otherwise. */
export const DEFAULT_LOG_LINES = 200;

export interface SessionLogs {
  session: string;
  status: string;
  /**
   * Where the text came from: `screen` (the runtime's pane or log, alive or dead), `kept` (the
   * last lines ao kept when it saw the agent exit; the pane is gone), or `none`.
   */
  source: "screen" | "kept" | "none";
  /** The text, redacted; escape sequences are the caller's to remove before printing. */
  text: string;
  /** Why the screen could not be read, when it could not. */
  note: string | null;
}

/**
 * What a session's agent shows or last showed. Why: an agent that died a second after spawn left
 * its reason on a pane nobody could attach to any more; this reads it, whatever the status, and
 * falls back to the lines kept at its exit once the pane is gone.
 */
export async function sessionLogs(
  ctx: AoContext,
  id: string,
  options: { lines?: number | undefined; configPath?: string | undefined } = {},
): Promise<SessionLogs> {
  const session = readSession(ctx, id);
  const base = { session: id, status: session.status };
  const read = await readScreen(ctx, session, options.lines ?? DEFAULT_LOG_LINES, options.configPath);
  if (read.text !== undefined && read.text.trim() !== "")
    return { ...base, source: "screen", text: redactText(read.text), note: null };
  if (session.exit !== null && session.exit.lastLines.length > 0)
    return { ...base, source: "kept", text: `${session.exit.lastLines.join("\n")}\n`, note: read.note };
  return { ...base, source: "none", text: "", note: read.note ?? "the agent printed nothing" };
}

async function readScreen(
  ctx: AoContext,
  session: Session,
  lines: number,
  configPath: string | undefined,
): Promise<{ text?: string; note: string | null }> {
  const handle = storedHandle(session);
  if (handle === undefined)
    return { note: session.exit === null ? "its agent was never started" : "its screen was not kept" };
  try {
    const plugins = await pluginsForSessions(ctx, [session], configPath);
    const runtime = await plugins.registry.resolve(
      "runtime",
      session.runtime,
      plugins.optionsFor(session, "runtime"),
    );
    if (runtime.capture === undefined)
      return { note: `runtime ${session.runtime} cannot show a session's screen` };
    return { text: await runtime.capture(handle, { lines }), note: null };
  } catch (error) {
    return { note: `its screen is gone (${messageOf(error)})` };
  }
}
