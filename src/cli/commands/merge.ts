import type { Command } from "commander";
import { AoError } from "../../core/errors.js";
import type { MergeMethod } from "../../core/slots/index.js";
import type { Enqueued } from "../../core/train/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  method: {
    type: "enum",
    values: ["merge", "squash", "rebase"] satisfies readonly MergeMethod[],
    value: "method",
    description:
      "merge, squash or rebase; default: the scm's (github: its mergeMethod option, squash; local: merge, a fast-forward when possible)",
  },
  sha: {
    type: "string",
    value: "sha",
    description: "merge only if the pull request's head is this commit (7+ hex digits)",
  },
  force: {
    type: "boolean",
    description: "merge even though CI is failing (the pr.merged event records it as forced)",
  },
  queue: {
    type: "boolean",
    description:
      "put the sessions (approved) in their project's merge queue instead: the daemon's merge train brings each up to date with the default branch, tests it and lands it in order (docs/merge-train.md)",
  },
  ...jsonFlag("print the merge (or the queue entries) as JSON"),
});

/** `ao merge <session>`: merges the session's pull request at the head seen now. */
export function registerMergeCommand(program: Command, cli: CliRuntime): void {
  const merge = program
    .command("merge")
    .description(
      "merge a session's pull request, guarded by the head observed now (local: into the main checkout)",
    )
    .argument("<session...>", "session id, e.g. app-3 (several with --queue, queued in the order given)");
  addFlags(merge, FLAGS).action(
    cli.action(async (ctx, sessions: string[], _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      if (flags.queue) {
        checkQueueFlags(flags);
        const { enqueueSessions } = await import("../../core/train/index.js");
        const queued = await enqueueSessions(ctx, sessions, { configPath: globalOptions(command).config });
        if (flags.json) writeJson(ctx.stdout, { queued });
        else
          writeLines(
            ctx.stdout,
            queued.map((entry) => queuedLine(entry)),
          );
        return 0;
      }
      const session = oneSession(sessions);
      const { mergeSession } = await import("../../core/sessions/index.js");
      const result = await mergeSession(ctx, session, {
        method: flags.method,
        expectedSha: flags.sha,
        force: flags.force,
        configPath: globalOptions(command).config,
      });
      if (flags.json) {
        writeJson(ctx.stdout, result);
        return 0;
      }
      const into = result.pr.base === undefined ? "" : ` into ${result.pr.base}`;
      writeLines(ctx.stdout, [
        `${session}: merged pull request #${String(result.pr.number)}${into} at ${result.sha.slice(0, 12)}${result.method ? ` (${result.method})` : ""}`,
      ]);
      // Red CI needs --force; a request for changes is a person's call: say so, do not block it.
      if (result.forced) ctx.stderr.write(`warning: ${session}'s CI was failing (merged with --force)\n`);
      if (result.review === "changes_requested")
        ctx.stderr.write(`warning: changes were requested on ${session}'s pull request\n`);
      return 0;
    }),
  );
}

/** `--method`, `--sha` and `--force` are about merging now; the train merges the commit it tested. */
function checkQueueFlags(flags: {
  method?: string | undefined;
  sha?: string | undefined;
  force?: boolean;
}): void {
  const given = (["method", "sha", "force"] as const).filter(
    (name) => flags[name] !== undefined && flags[name] !== false,
  );
  if (given.length === 0) return;
  throw new AoError("E_USAGE", `--queue cannot be combined with --${given.join(", --")}`, {
    hint: "the merge train merges exactly the commit it tested, with the scm's method (docs/merge-train.md)",
  });
}

function oneSession(sessions: readonly string[]): string {
  const [session, ...more] = sessions;
  if (session !== undefined && more.length === 0) return session;
  throw new AoError("E_USAGE", `ao merge merges one session at a time (got ${String(sessions.length)})`, {
    hint: `to land several in order, queue them: ao merge --queue ${sessions.join(" ")}`,
  });
}

function queuedLine(entry: Enqueued): string {
  const where = `${entry.project}'s merge queue (entry ${String(entry.entry)})`;
  return entry.already
    ? `${entry.session}: already in ${where} (${entry.state})`
    : `${entry.session}: queued in ${where}`;
}
