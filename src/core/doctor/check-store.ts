import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { verifyStore } from "../store/index.js";
import type { DoctorCheck } from "./check.js";

/**
 * The state database read from end to end (`PRAGMA quick_check`). Opening the store skips this on an
 * up-to-date file because it grows with the event log, so doctor is where damage shows up early.
 */
export function checkStore(ctx: Pick<AoContext, "paths">): DoctorCheck {
  const base = { id: "store", title: "state database" };
  try {
    const verdict = verifyStore(ctx);
    if (!verdict.exists)
      return { ...base, status: "ok", detail: `${verdict.path} does not exist yet (created on first use)` };
    return {
      ...base,
      status: "ok",
      detail: `${verdict.path} passed quick_check (schema version ${verdict.version})`,
    };
  } catch (error) {
    if (!(error instanceof AoError)) throw error;
    return { ...base, status: "fail", detail: error.message, ...(error.hint ? { fix: error.hint } : {}) };
  }
}
