import type { RestoreOutcome } from "../core/sessions/index.js";

/** One restore outcome as `--json` prints it (`ao session restore`, `ao start`). */
export function restoreJson(outcome: RestoreOutcome): Record<string, unknown> {
  if (outcome.result === undefined) return { session: outcome.session, ok: false, error: outcome.error };
  const { session, ...rest } = outcome.result;
  return { session: outcome.session, ok: true, status: session.status, worktree: session.worktree, ...rest };
}

/** One restore outcome as a line a person reads. */
export function restoreLine(outcome: RestoreOutcome): string {
  const result = outcome.result;
  if (result === undefined)
    return `${outcome.session}: not restored: ${outcome.error?.message ?? "unknown error"}`;
  if (result.action === "already_running") return `${outcome.session}: already running`;
  if (result.action === "finished_spawn") return `${outcome.session}: interrupted spawn finished`;
  const how = result.resumed ? "conversation resumed" : "new conversation";
  return `${outcome.session}: restored (${how}${result.workspaceRecreated ? ", worktree recreated" : ""})`;
}
