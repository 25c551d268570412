import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { loadConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import type { Issue, IssueFilter, NewIssue, Tracker } from "../slots/index.js";
import { forgeFor, type Named } from "../sessions/project-forge.js";
import { chooseProject } from "./choose-project.js";

export interface IssueCommandOptions {
  /** `--project`; default: the only project, or the one around the current directory. */
  project?: string | undefined;
  configPath?: string | undefined;
}

/** An issue with the project whose tracker holds it. */
export interface ProjectIssue {
  project: string;
  issue: Issue;
}

export interface NewIssueInput {
  title: string;
  body?: string | undefined;
  /** Read the body from this file (relative to the current directory) instead. */
  bodyFile?: string | undefined;
  labels?: readonly string[] | undefined;
}

/** `ao issue new "title"`: files an issue through the project's tracker (tracker/local writes a file). */
export async function createProjectIssue(
  ctx: AoContext,
  input: NewIssueInput,
  options: IssueCommandOptions = {},
): Promise<ProjectIssue> {
  if (input.title.trim() === "")
    throw usage("an issue needs a title", 'ao issue new "Fix the login redirect"');
  if (input.body !== undefined && input.bodyFile !== undefined) {
    throw usage("give the body either with --body or with --body-file, not both", "drop one of them");
  }
  const { project, tracker } = await projectTracker(ctx, options);
  const create = tracker.plugin.createIssue?.bind(tracker.plugin);
  if (create === undefined) throw missing(tracker, "create issues", "file it on the tracker itself");
  const body = input.bodyFile === undefined ? input.body : await readBody(ctx, input.bodyFile);
  const issue: NewIssue = {
    title: input.title.trim(),
    ...(body === undefined ? {} : { body }),
    ...(input.labels === undefined || input.labels.length === 0 ? {} : { labels: [...input.labels] }),
  };
  return { project, issue: await create(issue) };
}

/** `ao issue ls`: the project's issues matching the filter (open ones by default). */
export async function listProjectIssues(
  ctx: AoContext,
  filter: IssueFilter,
  options: IssueCommandOptions = {},
): Promise<{ project: string; issues: Issue[] }> {
  const { project, tracker } = await projectTracker(ctx, options);
  const list = tracker.plugin.listIssues?.bind(tracker.plugin);
  if (list === undefined) throw missing(tracker, "list issues", "look at them on the tracker itself");
  return { project, issues: await list(filter) };
}

/** `ao issue show <ref>`: one issue, by any form its tracker accepts (`12`, `#12`, a URL, a path). */
export async function showProjectIssue(
  ctx: AoContext,
  ref: string,
  options: IssueCommandOptions = {},
): Promise<ProjectIssue> {
  const { project, tracker } = await projectTracker(ctx, options);
  return { project, issue: await tracker.plugin.getIssue(ref) };
}

export async function projectTracker(
  ctx: AoContext,
  options: IssueCommandOptions,
): Promise<{ project: string; tracker: Named<Tracker> }> {
  const loaded = await loadConfig(ctx, { configPath: options.configPath });
  const project = chooseProject(loaded, ctx.cwd, options.project);
  return { project: project.id, tracker: await forgeFor(ctx, loaded, project).tracker() };
}

async function readBody(ctx: AoContext, file: string): Promise<string> {
  const path = resolve(ctx.cwd, file);
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new AoError("E_NOT_FOUND", `cannot read the issue body from ${path}`, {
      hint: "check the --body-file path",
      cause: error,
    });
  }
}

function usage(message: string, hint: string): AoError {
  return new AoError("E_USAGE", message, { exitCode: EXIT_USAGE, hint });
}

function missing(tracker: Named<Tracker>, what: string, hint: string): AoError {
  return new AoError("E_USAGE", `tracker/${tracker.name} cannot ${what} through ao`, {
    exitCode: EXIT_USAGE,
    hint,
    details: { tracker: tracker.name },
  });
}
