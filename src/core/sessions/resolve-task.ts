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
 * Decides what the task is. The tracker decides whether a string is one of its references; a string
 * with whitespace in it is plainly free text and never sent to a tracker ("Fix the login bug"), and
 * a project without a tracker takes every string as free text.
 */
export async function resolveTask(
  request: TaskRequest,
  tracker: () => Promise<Tracker | undefined>,
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
  const found = isPlainlyFreeText(issueArg) ? undefined : await tracker();
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

export function isPlainlyFreeText(text: string): boolean {
  return /\s/.test(text.trim());
}

function freeText(text: string): SessionTask {
  const firstLine = text.trim().split("\n")[0] ?? "";
  return { issueId: null, text: text.endsWith("\n") ? text : `${text}\n`, title: firstLine };
}
