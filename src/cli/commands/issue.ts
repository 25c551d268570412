import type { Command } from "commander";
import type { Issue, IssueState } from "../../core/slots/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { renderTable, writeJson, writeLines } from "../render.js";
import { terminalCell, terminalText } from "../terminal-text.js";

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerIssueCommand(program: Command, cli: CliRuntime): void {
  const issue = program
    .command("issue")
    .description("file, list and show a project's issues (tracker/local: files)");
  const scope = (command: Command, project: string | undefined) => ({
    project,
    configPath: globalOptions(command).config,
  });

  issue
    .command("new")
    .description("file a new issue through the project's tracker")
    .argument("<title>", "the issue's title")
    .option("--body <text>", "the issue's body (Markdown)")
    .option("--body-file <path>", "read the body from a file")
    .option("--label <label>", "a label (repeat for more)", collect, [])
    .option("--project <id>", "the project (default: the only one, or the one around this directory)")
    .option("--json", "print the issue as JSON")
    .action(
      cli.action(
        async (
          ctx,
          title: string,
          flags: { body?: string; bodyFile?: string; label: string[]; project?: string; json?: boolean },
          command: Command,
        ) => {
          const { createProjectIssue } = await import("../../core/issues/index.js");
          const result = await createProjectIssue(
            ctx,
            { title, body: flags.body, bodyFile: flags.bodyFile, labels: flags.label },
            scope(command, flags.project),
          );
          if (flags.json === true) writeJson(ctx.stdout, result);
          else
            writeLines(ctx.stdout, [
              `${result.project}: issue ${result.issue.id} ${result.issue.url ?? ""}`.trimEnd(),
            ]);
          return 0;
        },
      ),
    );

  issue
    .command("ls")
    .description("list the project's issues (open ones unless --state says otherwise)")
    .option("--label <label>", "only issues with this label (repeat: all of them)", collect, [])
    .option("--state <state>", "open, closed or all", "open")
    .option("--project <id>", "the project (default: the only one, or the one around this directory)")
    .option("--json", "print the issues as JSON")
    .action(
      cli.action(
        async (
          ctx,
          flags: { label: string[]; state: string; project?: string; json?: boolean },
          command: Command,
        ) => {
          if (!["open", "closed", "all"].includes(flags.state)) {
            const { AoError } = await import("../../core/errors.js");
            throw new AoError("E_USAGE", `--state ${flags.state} is not a state`, {
              hint: "use open, closed or all",
            });
          }
          const { listProjectIssues } = await import("../../core/issues/index.js");
          const result = await listProjectIssues(
            ctx,
            { labels: flags.label, state: flags.state as IssueState | "all" },
            scope(command, flags.project),
          );
          if (flags.json === true) writeJson(ctx.stdout, result);
          else if (result.issues.length === 0)
            writeLines(ctx.stdout, [`${result.project}: no matching issues`]);
          else writeLines(ctx.stdout, renderTable(result.issues, ISSUE_COLUMNS));
          return 0;
        },
      ),
    );

  issue
    .command("show")
    .description("show one issue: 12, #12, a URL or a file path, as the tracker accepts")
    .argument("<ref>", "the issue")
    .option("--project <id>", "the project (default: the only one, or the one around this directory)")
    .option("--json", "print the issue as JSON")
    .action(
      cli.action(async (ctx, ref: string, flags: { project?: string; json?: boolean }, command: Command) => {
        const { showProjectIssue } = await import("../../core/issues/index.js");
        const result = await showProjectIssue(ctx, ref, scope(command, flags.project));
        if (flags.json === true) writeJson(ctx.stdout, result);
        else writeLines(ctx.stdout, issueLines(result.issue));
        return 0;
      }),
    );
}

// Issues come from a tracker anyone may write to: what reaches the terminal is cleaned (terminal-text.ts).
const ISSUE_COLUMNS = [
  { header: "id", value: (issue: Issue) => terminalCell(issue.id) },
  { header: "state", value: (issue: Issue) => issue.state },
  {
    header: "labels",
    value: (issue: Issue) => (issue.labels.length > 0 ? terminalCell(issue.labels.join(",")) : "-"),
  },
  { header: "title", value: (issue: Issue) => terminalCell(issue.title) },
];

function issueLines(issue: Issue): string[] {
  const lines = [
    `${issue.id}  ${issue.title}`,
    `state: ${issue.state}${issue.labels.length > 0 ? `  labels: ${issue.labels.join(", ")}` : ""}`,
    ...(issue.url === undefined ? [] : [`url: ${issue.url}`]),
    "",
    issue.body.trimEnd(),
  ];
  return lines.map(terminalText);
}
