import type { AoContext } from "../context.js";
import { AoError, isAoError, messageOf } from "../errors.js";
import { closeStore, openStore } from "../store/index.js";
import { claimPullRequest, type ClaimResult } from "./claim-pr.js";
import { claimablePr } from "./claimable-pr.js";
import { openProjectForge } from "./project-forge.js";
import { spawnSession, type SpawnRequest } from "./spawn-session.js";

/**
 * `ao spawn <project> --claim-pr <pr>`: the PR is checked first (open, of this repository, held by
 * no session), so a refusal creates nothing; then a session is spawned (its task, unless one is
 * given: continue the PR) and claims it, as in the original ao.
 */
export async function spawnClaimingPr(
  ctx: AoContext,
  request: SpawnRequest,
  ref: string,
): Promise<ClaimResult> {
  const forge = await openProjectForge(ctx, request.project, request.configPath);
  const store = openStore(ctx);
  const pr = await claimablePr(store, await forge.scm(), request.project, ref).finally(() =>
    closeStore(store),
  );
  const task = `Continue the work of pull request #${String(pr.number)} "${pr.title}" (${pr.url}). ao checks out its head branch \`${pr.branch}\` in your worktree as you start: commit there.`;
  const session = await spawnSession(ctx, {
    ...request,
    ...(request.issue === undefined && request.prompt === undefined ? { prompt: task } : {}),
  });
  try {
    return await claimPullRequest(ctx, session.id, ref, { configPath: request.configPath });
  } catch (error) {
    const why = messageOf(error);
    throw new AoError(
      "E_SPAWN_FAILED",
      `session ${session.id} was spawned, but claiming PR ${ref} failed: ${why}`,
      {
        hint: `fix what the message says, then \`ao session claim-pr ${session.id} ${ref}\``,
        details: { session: session.id, ...(isAoError(error) ? { code: error.code } : {}) },
      },
    );
  }
}
