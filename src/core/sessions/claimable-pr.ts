import { AoError, EXIT_USAGE } from "../errors.js";
import type { PullRequest, Scm } from "../slots/index.js";
import { isTerminalStatus, listSessions, type Store } from "../store/index.js";
import type { Named } from "./project-forge.js";

/** `42`, `#42`, or the PR's web address (its number is the last numeric path segment). */
export function parsePrRef(ref: string): { number: number; url?: string } {
  const text = ref.trim();
  const plain = /^#?(\d{1,9})$/.exec(text);
  if (plain) return { number: Number(plain[1]) };
  const inUrl = /^[a-z]+:\/\/.*\/(\d{1,9})(?:\/[A-Za-z._-]*)?\/?$/i.exec(text);
  if (inUrl) return { number: Number(inUrl[1]), url: text };
  throw new AoError("E_USAGE", `"${ref}" is not a pull request`, {
    exitCode: EXIT_USAGE,
    hint: "give its number (42, #42) or its web address",
    details: { pr: ref },
  });
}

/**
 * The open pull request `ref` names, if a session of `project` may claim it: it exists in the
 * project's repository (a URL of another repository is refused), it is open, and no other active
 * session holds it. `claimant` is the session asking (it may already hold it).
 */
export async function claimablePr(
  store: Store,
  scm: Named<Scm>,
  project: string,
  ref: string,
  claimant?: string,
): Promise<PullRequest> {
  const wanted = parsePrRef(ref);
  if (scm.plugin.getPullRequest === undefined) {
    throw new AoError("E_USAGE", `scm/${scm.name} cannot look up a pull request by number`, {
      exitCode: EXIT_USAGE,
      hint: "claiming needs an scm plugin with getPullRequest (see docs/switching.md)",
    });
  }
  const pr = await scm.plugin.getPullRequest(wanted.number);
  if (pr === null) {
    throw new AoError("E_NOT_FOUND", `project ${project} has no pull request #${String(wanted.number)}`, {
      hint: `\`ao status\` lists the sessions' pull requests; scm/${scm.name} looked in the project's repository`,
      details: { project, pr: wanted.number },
    });
  }
  if (wanted.url !== undefined && normalUrl(wanted.url) !== normalUrl(pr.url))
    throw otherRepository(wanted.url, pr, project);
  if (pr.state !== "open") {
    throw new AoError(
      "E_SESSION_STATE",
      `pull request #${String(pr.number)} is ${pr.state}: only an open one can be claimed`,
      {
        hint: "reopen it on the forge first, or spawn a new session for the work",
        details: { pr: pr.number, state: pr.state },
      },
    );
  }
  assertUnheld(store, project, pr, claimant);
  return pr;
}

function assertUnheld(store: Store, project: string, pr: PullRequest, claimant: string | undefined): void {
  const holder = listSessions(store, { project }).find(
    (session) =>
      session.prNumber === pr.number && session.id !== claimant && !isTerminalStatus(session.status),
  );
  if (holder === undefined) return;
  throw new AoError("E_EXISTS", `pull request #${String(pr.number)} belongs to session ${holder.id}`, {
    hint: `\`ao session kill ${holder.id}\` first to hand it over, or work on it in ${holder.id} (ao send ${holder.id})`,
    details: { pr: pr.number, session: holder.id },
  });
}

function otherRepository(given: string, pr: PullRequest, project: string): AoError {
  return new AoError("E_USAGE", `${given} is not a pull request of project ${project}'s repository`, {
    exitCode: EXIT_USAGE,
    hint: `#${String(pr.number)} there is ${pr.url}; claim a PR of another repository from a project configured for it`,
    details: { given, pr: pr.url },
  });
}

/** Query, fragment, a trailing slash and a trailing `/files`-like tab do not make another PR. */
function normalUrl(url: string): string {
  const bare = url.replace(/[?#].*$/, "").replace(/\/+$/, "");
  return bare.replace(/\/(files|commits|checks|changes)$/, "").toLowerCase();
}
