import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import type { ClaimResult } from "../../core/sessions/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags(jsonFlag("print { session, pr, url, branch, previousBranch, changed } as JSON"));

/**
 * `ao session claim-pr <session> <pr>`: the session takes over an existing pull request. The
 * original's order (`claim-pr <pr> [session]`, the session from the agent's environment) works too.
 */
export function registerSessionClaim(session: Command, cli: CliRuntime): void {
  const claim = session
    .command("claim-pr")
    .description(
      "attach an existing open PR to a session: its checkout moves to the PR's branch, the lifecycle watches the PR",
    )
    .argument("<session>", "session id (or the PR, in the original ao's order: claim-pr <pr> [session])")
    .argument("[pr]", "the PR: 42, #42 or its URL");
  addFlags(claim, FLAGS)
    .addHelpText(
      "after",
      "\nExamples:\n  ao session claim-pr app-3 42\n  ao session claim-pr app-3 https://github.com/acme/widgets/pull/42\n  ao session claim-pr 42            # inside a session (AO_SESSION_ID)\n  ao spawn app --claim-pr 42        # a new session for the PR\n",
    )
    .action(
      cli.action(
        async (ctx, first: string, second: string | undefined, _flags: unknown, command: Command) => {
          const flags = await readFlags(FLAGS, command);
          const { claimPullRequest } = await import("../../core/sessions/index.js");
          const { id, pr } = await claimArguments(ctx, first, second);
          const result = await claimPullRequest(ctx, id, pr, { configPath: globalOptions(command).config });
          renderClaim(ctx, result, flags.json);
          return 0;
        },
      ),
    );
}

async function claimArguments(
  ctx: AoContext,
  first: string,
  second: string | undefined,
): Promise<{ id: string; pr: string }> {
  const { reportingSession } = await import("../../core/sessions/index.js");
  const { parsePrRef } = await import("../../core/sessions/index.js");
  if (second === undefined) return { id: reportingSession(ctx, undefined), pr: first };
  const looksLikePr = (text: string) => {
    try {
      parsePrRef(text);
      return true;
    } catch {
      return false;
    }
  };
  return looksLikePr(first) && !looksLikePr(second) ? { id: second, pr: first } : { id: first, pr: second };
}

/** One claim, as a line or as JSON (also `ao spawn --claim-pr --json`'s `claim`). */
export function claimJson(result: ClaimResult): Record<string, unknown> {
  return {
    session: result.session.id,
    pr: result.pr.number,
    url: result.pr.url,
    branch: result.pr.branch,
    previousBranch: result.previousBranch,
    changed: result.changed,
  };
}

export function renderClaim(ctx: AoContext, result: ClaimResult, json: boolean): void {
  if (json) {
    writeJson(ctx.stdout, claimJson(result));
    return;
  }
  const { session, pr } = result;
  writeLines(ctx.stdout, [
    result.changed
      ? `${session.id}: claimed PR #${String(pr.number)} (${pr.url}); branch ${pr.branch} (was ${result.previousBranch}, kept)`
      : `${session.id}: already holds PR #${String(pr.number)} on ${pr.branch}`,
  ]);
}
