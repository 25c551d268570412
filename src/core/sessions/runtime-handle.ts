import { AoError } from "../errors.js";
import type { RuntimeHandle } from "../slots/index.js";
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
