import type { Command } from "commander";
import type { SessionView } from "../../core/sessions/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  project: { type: "string", short: "-p", value: "id", description: "only this project's sessions" },
  ...jsonFlag("print { sessionIds, ranBy, report, sessions } as JSON"),
});

/**
 * `ao review-check [session…]` (the original ao's command): look at the sessions' pull requests now,
 * fresh from the forge, and forward new reviews, comments and CI results to the agents, as the
 * daemon's next poll would. Through the running daemon when there is one.
 */
export function registerReviewCheckCommand(program: Command, cli: CliRuntime): void {
  const reviewCheck = program
    .command("review-check")
    .description(
      "look at the sessions' pull requests now and forward new reviews and CI results to the agents",
    )
    .argument("[sessions...]", "session ids (default: every active session)");
  addFlags(reviewCheck, FLAGS).action(
    cli.action(async (ctx, ids: string[], _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const configPath = globalOptions(command).config;
      const [{ checkReviews }, { listSessionViews }] = await Promise.all([
        import("../../core/daemon/index.js"),
        import("../../core/sessions/index.js"),
      ]);
      const checked = await checkReviews(ctx, { sessionIds: ids, project: flags.project, configPath });
      const wanted = new Set(checked.sessionIds);
      const views = (await listSessionViews(ctx, { all: true, configPath })).filter((v) => wanted.has(v.id));
      if (flags.json) {
        writeJson(ctx.stdout, {
          ...checked,
          report: checked.report ?? null,
          sessions: views.map(reviewRow),
        });
        return 0;
      }
      if (checked.sessionIds.length === 0) {
        writeLines(ctx.stdout, ["no active sessions to check"]);
        return 0;
      }
      writeLines(ctx.stdout, renderTable(views.map(reviewRow), COLUMNS));
      const report = checked.report;
      const did =
        report === undefined
          ? ""
          : `: ${String(report.delivered)} reaction(s) delivered, ${String(report.failed)} failed`;
      writeLines(ctx.stderr, [
        `checked ${String(checked.sessionIds.length)} session(s), run by ${checked.ranBy}${did}`,
      ]);
      return report !== undefined && report.errors.length > 0 ? 1 : 0;
    }),
  );
}

interface ReviewRow {
  session: string;
  status: string;
  pr: number | null;
  review: string | null;
  unresolvedThreads: number | null;
  ci: string | null;
}

function reviewRow(view: SessionView): ReviewRow {
  return {
    session: view.id,
    status: view.status,
    pr: view.pr?.number ?? null,
    review: view.pr?.review?.decision ?? null,
    unresolvedThreads: view.pr?.review?.unresolvedThreads ?? null,
    ci: view.pr?.ci?.state ?? null,
  };
}

const COLUMNS = [
  { header: "SESSION", value: (row: ReviewRow) => row.session },
  { header: "STATUS", value: (row: ReviewRow) => row.status },
  { header: "PR", value: (row: ReviewRow) => (row.pr === null ? "-" : `#${String(row.pr)}`) },
  { header: "REVIEW", value: (row: ReviewRow) => row.review ?? "-" },
  {
    header: "THREADS",
    value: (row: ReviewRow) => (row.unresolvedThreads === null ? "-" : String(row.unresolvedThreads)),
  },
  { header: "CI", value: (row: ReviewRow) => row.ci ?? "-" },
];
