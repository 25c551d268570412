import type { Command } from "commander";
import type { Issue } from "../../core/slots/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, projectFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";
import { terminalCell, terminalText } from "../terminal-text.js";

const NEW_FLAGS = defineFlags({
  body: { type: "string", value: "text", description: "the issue's body (Markdown)" },
  bodyFile: { type: "string", value: "path", description: "read the body from a file" },
  label: { type: "list", value: "label", description: "a label (repeat for more)" },
  ...projectFlag(),
  ...jsonFlag("print the issue as JSON"),
});
const LS_FLAGS = defineFlags({
  label: { type: "list", value: "label", description: "only issues with this label (repeat: all of them)" },
  state: {
    type: "enum",
    values: ["open", "closed", "all"],
    value: "state",
    default: "open",
    description: "open, closed or all",
  },
  ...projectFlag(),
  ...jsonFlag("print the issues as JSON"),
});
const SHOW_FLAGS = defineFlags({ ...projectFlag(), ...jsonFlag("print the issue as JSON") });

/** `ao issue new|ls|show`: a project's issues through its tracker. */
export function registerIssueCommand(program: Command, cli: CliRuntime): void {
  const issue = program
    .command("issue")
    .description("file, list and show a project's issues (tracker/local: files)");
  const scope = (command: Command, project: string | undefined) => ({
    project,
    configPath: globalOptions(command).config,
  });

  const create = issue
    .command("new")
    .description("file a new issue through the project's tracker")
    .argument("<title>", "the issue's title");
  addFlags(create, NEW_FLAGS).action(
    cli.action(async (ctx, title: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(NEW_FLAGS, command);
      const { createProjectIssue } = await import("../../core/issues/index.js");
      const { body, bodyFile, label: labels } = flags;
      const result = await createProjectIssue(
        ctx,
        { title, body, bodyFile, labels },
        scope(command, flags.project),
      );
      if (flags.json) writeJson(ctx.stdout, result);
      else
        writeLines(ctx.stdout, [
          `${result.project}: issue ${result.issue.id} ${result.issue.url ?? ""}`.trimEnd(),
        ]);
      return 0;
    }),
  );

  const ls = issue
    .command("ls")
    .description("list the project's issues (open ones unless --state says otherwise)");
  addFlags(ls, LS_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(LS_FLAGS, command);
      const { listProjectIssues } = await import("../../core/issues/index.js");
      const query = { labels: flags.label, state: flags.state };
      const result = await listProjectIssues(ctx, query, scope(command, flags.project));
      if (flags.json) writeJson(ctx.stdout, result);
      else if (result.issues.length === 0) writeLines(ctx.stdout, [`${result.project}: no matching issues`]);
      else writeLines(ctx.stdout, renderTable(result.issues, ISSUE_COLUMNS));
      return 0;
    }),
  );

  const show = issue
    .command("show")
    .description("show one issue: 12, #12, a URL or a file path, as the tracker accepts")
    .argument("<ref>", "the issue");
  addFlags(show, SHOW_FLAGS).action(
    cli.action(async (ctx, ref: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(SHOW_FLAGS, command);
      const { showProjectIssue } = await import("../../core/issues/index.js");
      const result = await showProjectIssue(ctx, ref, scope(command, flags.project));
      if (flags.json) writeJson(ctx.stdout, result);
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
