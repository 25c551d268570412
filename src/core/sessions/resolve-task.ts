import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { AoError } from "../errors.js";
import type { Issue, Tracker } from "../slots/index.js";

/** What a session works on. `text` is untrusted (an issue body, a person's words): it only goes to files. */
export interface SessionTask {
  /** The tracker's stable issue id, or null for a free-text task. */
  issueId: string | null;
  /** The issue, when the task came from the tracker. */
  issue?: Issue | undefined;
  /** The task as the agent reads it. */
  text: string;
  /** Used for the branch name: the issue title or the first line of the free text. */
  title: string;
  /** The tracker's own branch name for the issue. */
  trackerBranch?: string | undefined;
}

export interface TaskRequest {
  /** A tracker reference (`12`, `#12`, a URL, `LIN-12`), or free text. */
  issue?: string | undefined;
  /** `--prompt`: the task when there is no issue, extra instructions when there is one. */
  prompt?: string | undefined;
}

/**
 * Decides what the task is. Only a string that looks like a reference (looksLikeReference) goes
 * to the tracker, which then decides whether it is one of its issues; words are a task ("Fix the
 * login bug", "refactor"), and a project without a tracker takes every string as free text.
 * `cwd` is where a relative path to an issue file is resolved from.
 */
export async function resolveTask(
  request: TaskRequest,
  tracker: () => Promise<Tracker | undefined>,
  cwd: string,
): Promise<SessionTask> {
  const issueArg = request.issue?.trim() === "" ? undefined : request.issue;
  const prompt = request.prompt?.trim() === "" ? undefined : request.prompt;
  if (issueArg === undefined) {
    if (prompt === undefined) {
      throw new AoError("E_USAGE", "nothing to work on: give an issue or a task", {
        hint: 'e.g. `ao spawn app 42` or `ao spawn app "Fix the login bug"` or `--prompt "…"`',
      });
    }
    return freeText(prompt);
  }
  const found = looksLikeReference(issueArg, cwd) ? await tracker() : undefined;
  if (found === undefined) return freeText(prompt === undefined ? issueArg : `${issueArg}\n\n${prompt}`);
  const issue = await found.getIssue(issueArg);
  const text = found.taskPrompt(issue);
  return {
    issueId: issue.id,
    issue,
    text: prompt === undefined ? text : `${text}\n\n## Additional instructions\n\n${prompt}\n`,
    title: issue.title,
    trackerBranch: found.branchName(issue),
  };
}

const NUMBER = /^#?\d+$/;
/** `ENG-12`, `PROJ_2-7`: a key, a dash, a number (Linear, Jira). */
const KEYED = /^[A-Za-z][A-Za-z0-9_]*-\d+$/;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:(\/\/|\/)/i;

/**
 * Whether a person's text names an issue rather than being the task itself: a number, `#n`,
 * `KEY-n`, a URL, or the path of a file that exists. Why: `ao spawn app refactor` was sent to the
 * tracker and failed with "no local issue refactor"; a single word is a task.
 */
export function looksLikeReference(text: string, cwd: string): boolean {
  const ref = text.trim();
  if (/\s/.test(ref)) return false;
  if (NUMBER.test(ref) || KEYED.test(ref) || URL_LIKE.test(ref)) return true;
  return (ref.includes("/") || ref.endsWith(".md")) && existsSync(resolve(cwd, ref));
}

function freeText(text: string): SessionTask {
  const firstLine = text.trim().split("\n")[0] ?? "";
  return { issueId: null, text: text.endsWith("\n") ? text : `${text}\n`, title: firstLine };
}
