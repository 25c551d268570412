import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { stripAnsi, type CiRun, type CiStatus, type FailingCheck } from "../../../core/plugin-api.js";

/** What a failing check shows the agent: the end of its log, as GitHub's job logs would. */
export const LOG_TAIL_LINES = 60;
export const LOG_TAIL_BYTES = 4096;

/** The check a run reports when it failed without a command to blame (it could not start, crashed early). */
export const RUNNER_CHECK = "ao local ci";

/** A run as the lifecycle sees CI: the state and, when failing, each failing command with its log tail. */
export async function ciStatusOf(run: CiRun): Promise<CiStatus> {
  if (run.state !== "failing") return { state: run.state, failing: [] };
  const failing: FailingCheck[] = [];
  for (const check of run.checks.filter((candidate) => candidate.state === "failing")) {
    const log = check.log === undefined ? "" : await readFile(check.log, "utf8").catch(() => "");
    const tail = [logTail(log), run.reason].filter((part) => part !== undefined && part !== "").join("\n");
    failing.push({
      name: check.name,
      ...(check.log === undefined ? {} : { url: pathToFileURL(check.log).href }),
      ...(tail === "" ? {} : { logTail: tail }),
    });
  }
  if (failing.length === 0) failing.push({ name: RUNNER_CHECK, logTail: run.reason ?? "the CI run failed" });
  return { state: "failing", failing };
}

/** CI status when a run cannot even start for this head (nothing to run it in). */
export function cannotRun(reason: string): CiStatus {
  return { state: "failing", failing: [{ name: RUNNER_CHECK, logTail: reason }] };
}

/**
 * The last LOG_TAIL_LINES lines, at most LOG_TAIL_BYTES, without terminal colour codes (they are
 * noise to an agent reading the text).
 */
export function logTail(text: string): string {
  const plain = stripAnsi(text).replace(/\r(?!\n)/g, "\n");
  let tail = plain.trimEnd().split("\n").slice(-LOG_TAIL_LINES).join("\n");
  while (Buffer.byteLength(tail, "utf8") > LOG_TAIL_BYTES) {
    const cut = tail.indexOf("\n");
    tail = cut === -1 ? tail.slice(Math.ceil(tail.length / 8)) : tail.slice(cut + 1);
  }
  return tail;
}
