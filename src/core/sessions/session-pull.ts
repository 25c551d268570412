import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import type { PullRequest, PullRequestRef, Scm } from "../slots/index.js";
import { closeStore, openStore, requireSession, type Session } from "../store/index.js";
import { openProjectForge, type Named, type ProjectForge } from "./project-forge.js";

/** A stored session with its project's forge plugins. */
export interface SessionForge {
  session: Session;
  forge: ProjectForge;
  scm: Named<Scm>;
}

/** What a command needs of the session's pull request. */
export interface SessionPull extends PullRequestRef {
  number: number;
  branch: string;
  url?: string;
  base?: string;
  title?: string;
}

export async function openSessionForge(
  ctx: AoContext,
  sessionId: string,
  configPath: string | undefined,
): Promise<SessionForge> {
  const session = readSession(ctx, sessionId);
  const forge = await openProjectForge(ctx, session.project, configPath);
  return { session, forge, scm: await forge.scm() };
}

export function readSession(ctx: AoContext, sessionId: string): Session {
  const store = openStore(ctx);
  try {
    return requireSession(store, sessionId);
  } finally {
    closeStore(store);
  }
}

/**
 * The session's pull request: the newest one for its branch, which is the current one after the
 * agent closed a PR and opened another (the lifecycle may not have relinked the session yet).
 * The number recorded on the session wins only when the branch shows no PR at all (a forge that
 * cannot look branches up), or when the newest one is not open but the recorded one still is.
 * The session row is left to the lifecycle, which links it on its next cycle.
 */
export async function sessionPull({ session, scm }: SessionForge): Promise<SessionPull> {
  const found = await scm.plugin.findPullRequest(session.branch);
  if (found === null) {
    if (session.prNumber === null) throw noPullYet(session);
    return recordedPull(session, session.prNumber);
  }
  const recorded = session.prNumber;
  if (recorded !== null && recorded !== found.number && found.state !== "open") {
    const observed = await scm.plugin.observe([{ number: recorded, branch: session.branch }]);
    if (observed.get(recorded)?.state === "open") return recordedPull(session, recorded);
  }
  return describePull(found);
}

function recordedPull(session: Session, number: number): SessionPull {
  return { number, branch: session.branch, ...(session.prUrl === null ? {} : { url: session.prUrl }) };
}

function describePull(pr: PullRequest): SessionPull {
  return { number: pr.number, branch: pr.branch, url: pr.url, base: pr.base, title: pr.title };
}

function noPullYet(session: Session): AoError {
  return new AoError("E_NOT_FOUND", `${session.id} has no pull request yet (branch ${session.branch})`, {
    hint:
      "the lifecycle opens it once the branch has commits ahead of its base: " +
      "run `ao status --refresh`, or keep `ao start` running",
    details: { session: session.id, branch: session.branch },
  });
}
