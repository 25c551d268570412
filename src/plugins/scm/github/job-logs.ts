import { stripAnsi } from "../../../core/plugin-api.js";
import { statusOf } from "../../_shared/github/api-error.js";
import type { GitHubScmEnv } from "./scm-env.js";

const TAIL_LINES = 60;
const TAIL_BYTES = 4096;
// Actions prefixes every line with a timestamp; ANSI colours are noise in a prompt.
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;

/** The last ~60 lines (at most 4 KB) of a log, cleaned for an agent to read. */
export function trimLog(log: string): string {
  const lines = stripAnsi(log)
    .split(/\r?\n/)
    .map((line) => line.replace(TIMESTAMP, ""));
  while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
  let tail = lines.slice(-TAIL_LINES).join("\n");
  while (Buffer.byteLength(tail) > TAIL_BYTES) {
    const cut = tail.indexOf("\n");
    tail = cut === -1 ? tail.slice(-TAIL_BYTES) : tail.slice(cut + 1);
  }
  return tail;
}

/**
 * Logs of failing Actions jobs, fetched once per job and kept: a job's log never changes, and a
 * re-run is a new job. A job without a log (an external app's check run, 404/410) is remembered as
 * such; a 403 may be a rate limit that outlived the retries, so that one is asked again next time.
 */
export class JobLogCache {
  private readonly tails = new Map<number, string | null>();
  /** Log requests made, for the poll-cost numbers (they are not part of the per-cycle budget). */
  fetches = 0;

  async tail(env: GitHubScmEnv, jobId: number): Promise<string | undefined> {
    if (!this.tails.has(jobId)) {
      const fetched = await this.fetch(env, jobId);
      if (fetched === undefined) return undefined; // a passing trouble: ask again next time
      this.tails.set(jobId, fetched);
    }
    return this.tails.get(jobId) ?? undefined;
  }

  /** The trimmed log; null when the job has none; undefined when GitHub failed to answer. */
  private async fetch(env: GitHubScmEnv, jobId: number): Promise<string | null | undefined> {
    const client = await env.client();
    this.fetches++;
    try {
      const { data } = await client.rest.actions.downloadJobLogsForWorkflowRun({
        owner: env.repo.owner,
        repo: env.repo.repo,
        job_id: jobId,
      });
      return trimLog(typeof data === "string" ? data : String(data));
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) return null;
      env.ctx.logger.warn("github: could not read a failing job's log", { jobId, status });
      return undefined;
    }
  }
}
