import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import { projectTracker, type IssueCommandOptions, type ProjectIssue } from "./issue-commands.js";

export interface VerifyOptions extends IssueCommandOptions {
  /** `--fail`: verification failed; the issue is reopened instead of closed. */
  fail?: boolean | undefined;
  /** `--comment`: the text posted on the issue; a default sentence otherwise. */
  comment?: string | undefined;
}

export interface VerifyResult extends ProjectIssue {
  verdict: "verified" | "failed";
  comment: string;
}

/**
 * `ao verify <issue>`: after a merge, records on the tracker whether the change was verified:
 * the issue is closed as completed with a comment, or (`--fail`) reopened with one.
 */
export async function verifyProjectIssue(
  ctx: AoContext,
  ref: string,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const { project, tracker } = await projectTracker(ctx, options);
  const update = tracker.plugin.updateIssue?.bind(tracker.plugin);
  if (update === undefined)
    throw new AoError("E_USAGE", `tracker/${tracker.name} cannot update issues through ao`, {
      exitCode: EXIT_USAGE,
      hint: "mark the issue on the tracker itself",
      details: { tracker: tracker.name },
    });
  const fail = options.fail === true;
  const comment =
    options.comment ?? (fail ? "Verification failed: reopened by ao verify." : "Verified by ao verify.");
  const issue = await tracker.plugin.getIssue(ref);
  const updated = await update(
    issue,
    fail ? { comment, state: "open" } : { comment, state: "closed", closedAs: "completed" },
  );
  return { project, issue: updated, verdict: fail ? "failed" : "verified", comment };
}
