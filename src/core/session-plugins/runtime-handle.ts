import { AoError } from "../errors.js";
import type { Runtime, RuntimeHandle } from "../slots/index.js";
import type { JsonObject, Session } from "../store/index.js";

/** The stored handle of a session, checked: a handle is plain strings (see RuntimeHandle). */
export function storedHandle(session: Pick<Session, "id" | "runtimeHandle">): RuntimeHandle | undefined {
  const raw = session.runtimeHandle;
  if (raw === null) return undefined;
  const { runtime, id, data } = raw as { runtime?: unknown; id?: unknown; data?: unknown };
  if (typeof runtime !== "string" || typeof id !== "string") {
    throw new AoError(
      "E_STORE_CORRUPT",
      `session ${session.id} has a runtime handle without runtime and id`,
      {
        details: { session: session.id },
      },
    );
  }
  return data !== null && typeof data === "object"
    ? { runtime, id, data: stringsOnly(data) }
    : { runtime, id };
}

export function handleJson(handle: RuntimeHandle): JsonObject {
  return handle.data === undefined
    ? { runtime: handle.runtime, id: handle.id }
    : { ...handle, data: { ...handle.data } };
}

function stringsOnly(data: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/**
 * Stops the session's runtime and checks that it did: a runtime that still answers `alive` (or
 * cannot tell) after stop is reported, naming what remains, instead of being called stopped.
 */
export async function stopVerified(runtime: Runtime, handle: RuntimeHandle): Promise<void> {
  await runtime.stop(handle);
  const after = await runtime.liveness(handle);
  if (after.state !== "alive" && after.state !== "unknown") return;
  const why = after.state === "alive" ? "is still running" : `cannot be checked (${after.reason})`;
  throw new AoError("E_SESSION_STATE", `after stopping it, ${handle.runtime} session ${handle.id} ${why}`, {
    hint: `stop it by hand (for tmux: \`tmux -S <AO_HOME>/tmux.sock kill-session -t ${handle.id}\`), then run \`ao session cleanup\``,
    details: { runtime: handle.runtime, id: handle.id, liveness: after.state },
  });
}
