import { randomBytes } from "node:crypto";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { wrapPluginInstance } from "../registry/wrap-plugin.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { pluginsForSessions } from "../session-plugins/session-plugins.js";
import type { PaneAttachment, Runtime, RuntimeHandle } from "../slots/index.js";
import {
  appendEvent,
  closeStore,
  isTerminalStatus,
  openStore,
  requireSession,
  writeTransaction,
  type Session,
} from "../store/index.js";
import type { PaneHubDeps } from "./pane-hub.js";

/** Whether a session's terminal can be shown, and why not: the page says so instead of a blank. */
export type PaneInfo =
  | { readonly session: string; readonly pane: true; readonly runtime: string }
  | {
      readonly session: string;
      readonly pane: false;
      readonly runtime: string | null;
      readonly reason: string;
    };

/** Rejects with E_NOT_FOUND for an unknown session. */
export async function sessionPaneInfo(ctx: AoContext, sessionId: string): Promise<PaneInfo> {
  const found = await sessionRuntime(ctx, sessionId);
  if ("reason" in found)
    return { session: sessionId, pane: false, runtime: found.runtime, reason: found.reason };
  if (found.runtime.attachPane === undefined)
    return {
      session: sessionId,
      pane: false,
      runtime: found.name,
      reason: `this runtime (${found.name}) has no pane`,
    };
  return { session: sessionId, pane: true, runtime: found.name };
}

/**
 * The hub's parts for sessions in the store: a session's pane through its runtime plugin, and
 * terminal events appended to the store (opened per event: inputs come at a person's pace).
 */
export function sessionPaneDeps(ctx: AoContext): PaneHubDeps {
  return {
    async attach(sessionId) {
      const found = await sessionRuntime(ctx, sessionId);
      if ("reason" in found) throw noPane(sessionId, found.reason);
      if (found.runtime.attachPane === undefined)
        throw noPane(sessionId, `this runtime (${found.name}) has no pane`);
      const attachment: PaneAttachment = await found.runtime.attachPane(found.handle);
      return wrapPluginInstance(attachment, `runtime/${found.name}.pane`);
    },
    record(sessionId, event) {
      const store = openStore(ctx);
      try {
        writeTransaction(store, (tx) => appendEvent(tx, { ...event, sessionId }));
      } finally {
        closeStore(store);
      }
    },
    randomId: () => randomBytes(16).toString("hex"),
  };
}

function noPane(sessionId: string, reason: string): AoError {
  return new AoError("E_SESSION_STATE", `${sessionId} has no terminal to show: ${reason}`, {
    details: { session: sessionId, pane: false },
  });
}

type Found =
  { name: string; runtime: Runtime; handle: RuntimeHandle } | { runtime: string | null; reason: string };

async function sessionRuntime(ctx: AoContext, sessionId: string): Promise<Found> {
  const session = readSession(ctx, sessionId);
  const handle = storedHandle(session);
  if (handle === undefined) return { runtime: null, reason: "its agent was never started" };
  if (isTerminalStatus(session.status))
    return { runtime: session.runtime, reason: `it is ${session.status}` };
  const plugins = await pluginsForSessions(ctx, [session]);
  const runtime = await plugins.registry.resolve(
    "runtime",
    session.runtime,
    plugins.optionsFor(session, "runtime"),
  );
  return { name: session.runtime, runtime, handle };
}

function readSession(ctx: AoContext, sessionId: string): Session {
  const store = openStore(ctx);
  try {
    return requireSession(store, sessionId);
  } finally {
    closeStore(store);
  }
}
