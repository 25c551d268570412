import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import type { CiRun, Scm } from "../slots/index.js";
import { openSessionForge, type SessionForge } from "./session-pull.js";

export interface SessionCiRuns {
  session: string;
  branch: string;
  /** Newest first. */
  runs: CiRun[];
}

export interface SessionCiLog {
  session: string;
  branch: string;
  sha: string;
  log: string;
}

interface Options {
  configPath?: string | undefined;
}

/** `ao ci <session>`: the CI runs of the session's branch, as its scm keeps them (scm/local). */
export async function sessionCiRuns(
  ctx: AoContext,
  sessionId: string,
  options: Options = {},
): Promise<SessionCiRuns> {
  const opened = await openSessionForge(ctx, sessionId, options.configPath);
  const runs = await ciRunsOf(opened);
  return { session: sessionId, branch: opened.session.branch, runs };
}

/**
 * `ao ci <session> --log [--sha s]`: the whole output of the latest run, or of the run whose head
 * starts with `sha` (an abbreviated sha, as git prints them, is enough when it is unambiguous).
 */
export async function sessionCiLog(
  ctx: AoContext,
  sessionId: string,
  options: Options & { sha?: string | undefined } = {},
): Promise<SessionCiLog> {
  const opened = await openSessionForge(ctx, sessionId, options.configPath);
  const ciLog = opened.scm.plugin.ciLog?.bind(opened.scm.plugin);
  const run = pickRun(opened, await ciRunsOf(opened), options.sha);
  if (ciLog === undefined) throw noLocalCi(opened, "ciLog");
  const branch = opened.session.branch;
  return { session: sessionId, branch, sha: run.sha, log: await ciLog(branch, run.sha) };
}

async function ciRunsOf(opened: SessionForge): Promise<CiRun[]> {
  const ciRuns: Scm["ciRuns"] = opened.scm.plugin.ciRuns?.bind(opened.scm.plugin);
  if (ciRuns === undefined) throw noLocalCi(opened, "ciRuns");
  return ciRuns(opened.session.branch);
}

function pickRun({ session }: SessionForge, runs: readonly CiRun[], sha: string | undefined): CiRun {
  const matching = sha === undefined ? runs.slice(0, 1) : runs.filter((run) => run.sha.startsWith(sha));
  const [run] = matching;
  if (run !== undefined && matching.length === 1) return run;
  if (matching.length > 1) {
    throw new AoError("E_USAGE", `${sha ?? ""} names ${String(matching.length)} runs of ${session.id}`, {
      exitCode: EXIT_USAGE,
      hint: "give more of the sha",
      details: { session: session.id, shas: matching.map((candidate) => candidate.sha) },
    });
  }
  const which = sha === undefined ? "no CI run yet" : `no CI run at ${sha}`;
  throw new AoError("E_NOT_FOUND", `${session.id} has ${which} (branch ${session.branch})`, {
    hint:
      sha === undefined
        ? "a run starts when the lifecycle sees a new head commit on the session's pull request (`ao start`)"
        : `\`ao ci ${session.id}\` lists its runs`,
    details: { session: session.id, branch: session.branch },
  });
}

/** A forge with its own CI (GitHub Actions) shows its runs on its own pages. */
function noLocalCi({ session, scm }: SessionForge, method: string): AoError {
  const where = session.prUrl === null ? "on the pull request's checks" : `at ${session.prUrl}/checks`;
  return new AoError("E_USAGE", `scm/${scm.name} keeps no CI runs ao can show`, {
    exitCode: EXIT_USAGE,
    hint: `see ${session.id}'s CI ${where}`,
    details: { session: session.id, scm: scm.name, missing: method },
  });
}
