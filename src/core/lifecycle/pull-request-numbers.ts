import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { checkoutStamp } from "../sessions/checkout-stamp.js";
import type { CycleLookMemory } from "../sessions/look-memory.js";
import { sessionCheckout } from "../sessions/session-checkout.js";
import type { SessionPluginOptions } from "../session-plugins/session-plugins.js";
import type { Runtime, Scm } from "../slots/index.js";
import type { Session, Store } from "../store/index.js";
import type { ProjectPlugins } from "./engine-plugins.js";
import { ensurePullRequest } from "./ensure-pull-request.js";
import type { SessionObservation } from "./observe-sessions.js";

/** Sessions whose branch had no commits of its own, by session id, under their checkout's stamp. */
export type QuietBranches = CycleLookMemory<true>;

export interface PullRequestServe {
  readonly plugins: ProjectPlugins;
  readonly scm: Scm;
  readonly optionsFor: SessionPluginOptions;
  /** The daemon's look memory; absent, every branch is asked (ao status --refresh). */
  readonly quiet?: QuietBranches | undefined;
}

/**
 * Each session's PR number, finding or opening PRs for the sessions without one. A branch found
 * without commits of its own is not asked again while its checkout's stamp (checkout-stamp.ts)
 * stays the same: its answer stays "no pull request" (observation `pr: null`) until a commit, a
 * reset or a moved base changes the stamp, or the look memory's time bound runs out.
 */
export async function pullRequestNumbers(
  ctx: AoContext,
  store: Store,
  sessions: readonly Session[],
  serve: PullRequestServe,
  observations: Map<string, SessionObservation>,
  errors: string[],
): Promise<Map<string, number>> {
  const { plugins, scm } = serve;
  const numbers = new Map<string, number>();
  const tracker = await plugins.tracker().catch(() => undefined);
  for (const session of sessions) {
    const observation = observations.get(session.id);
    if (observation === undefined) continue;
    if (session.prNumber !== null) {
      numbers.set(session.id, session.prNumber);
      continue;
    }
    if (session.status === "spawning") continue;
    try {
      // The runtime says where the checkout is; one that cannot load leaves the host worktree.
      const runtime = await plugins.registry
        .resolve("runtime", session.runtime, serve.optionsFor(session, "runtime"))
        .catch(() => undefined);
      const stamp = branchStamp(ctx, runtime, session, plugins.project.defaultBranch);
      if (stamp !== undefined && serve.quiet?.recall(session.id, stamp) === true) {
        observation.pr = null;
        continue;
      }
      const input = { store, session, project: plugins.project, scm, tracker, runtime };
      const pr = await ensurePullRequest(ctx, input);
      if (pr === null) {
        observation.pr = null;
        if (stamp !== undefined) serve.quiet?.keep(session.id, stamp, true);
      } else {
        numbers.set(session.id, pr.number);
        observation.prInfo = { url: pr.url, title: pr.title };
      }
    } catch (error) {
      errors.push(`${session.id}: pull request: ${messageOf(error)}`);
    }
  }
  return numbers;
}

/** The stamp of a checkout on this machine; none for one inside the session (a pod's). */
function branchStamp(
  ctx: AoContext,
  runtime: Pick<Runtime, "remote"> | undefined,
  session: Session,
  base: string,
): string | undefined {
  if (sessionCheckout(ctx, runtime ?? {}, session).where !== "host") return undefined;
  return checkoutStamp(session.worktree, base);
}
