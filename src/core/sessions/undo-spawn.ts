import { AoError, isAoError, messageOf } from "../errors.js";
import { updateSession, writeTransaction } from "../store/index.js";
import { removePromptFiles } from "./prompt-files.js";
import { storedHandle, stopVerified } from "../session-plugins/runtime-handle.js";
import type { SpawnRun } from "./spawn-run.js";
import type { SpawnStep } from "./spawn-steps.js";

/**
 * Undoes what a spawn made, newest first: the runtime, the checkout (forced: nothing in it is anyone's
 * work yet), the prompt files; then marks the session `errored` with the step that failed. Never
 * throws: what could not be undone is returned, so the error can say so.
 */
export async function undoSpawn(
  run: SpawnRun,
  failedStep: SpawnStep,
  cause: unknown,
  reason = `spawn_failed:${failedStep}`,
): Promise<string[]> {
  const { opened, session } = run;
  const problems: string[] = [];
  const attempt = async (what: string, action: () => Promise<unknown>) => {
    await action().catch((error: unknown) => problems.push(`${what}: ${messageOf(error)}`));
  };
  const handle = run.made.handle ?? storedHandle(session);
  if (handle !== undefined) await attempt("stopping the runtime", () => stopVerified(opened.runtime, handle));
  // A runtime still running must keep its checkout: removing it would leave the agent in a deleted one.
  if (problems.length > 0) {
    await attempt("recording the failure", () =>
      Promise.resolve(markErrored(run, { step: failedStep, reason }, cause, problems)),
    );
    return problems;
  }
  // E_EXISTS: the checkout was there before this spawn, so it is not ours to delete.
  const notOurs = failedStep === "workspace" && isAoError(cause) && cause.code === "E_EXISTS";
  if (run.made.workspace && !notOurs) {
    await attempt("removing the workspace", () =>
      opened.workspace.destroy(session.worktree, { force: true }),
    );
  }
  await attempt("removing the prompt files", () =>
    Promise.resolve(removePromptFiles(run.ctx.paths, session.id)),
  );
  await attempt("recording the failure", () =>
    Promise.resolve(markErrored(run, { step: failedStep, reason }, cause, problems)),
  );
  return problems;
}

function markErrored(
  run: SpawnRun,
  { step, reason }: { step: SpawnStep; reason: string },
  cause: unknown,
  problems: readonly string[],
): void {
  const code = isAoError(cause) ? cause.code : "E_SPAWN_FAILED";
  writeTransaction(run.store, (tx) =>
    updateSession(
      tx,
      run.session.id,
      { status: "errored", reason },
      {
        type: "session.spawn_failed",
        payload: {
          step,
          code,
          message: messageOf(cause),
          undone: problems.length === 0,
          problems: [...problems],
        },
      },
    ),
  );
}

/** The error a person sees: which session, which step, why, and whether anything was left behind. */
export function failedSpawnError(
  sessionId: string,
  step: SpawnStep,
  cause: unknown,
  problems: readonly string[],
): AoError {
  const leftover =
    problems.length === 0
      ? ""
      : `; cleaning up was incomplete (${problems.join("; ")}), run \`ao session cleanup\``;
  const message = `spawning ${sessionId} failed at step ${step}: ${messageOf(cause)}${leftover}`;
  const details = { ...(isAoError(cause) ? cause.details : {}), session: sessionId, step };
  if (isAoError(cause)) {
    return new AoError(cause.code, message, { hint: cause.hint, exitCode: cause.exitCode, details, cause });
  }
  return new AoError("E_SPAWN_FAILED", message, { hint: "fix the cause and spawn again", details, cause });
}
