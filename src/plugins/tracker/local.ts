import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  AoError,
  branchNameFor,
  definePlugin,
  type Issue,
  type IssueFilter,
  type IssueUpdate,
  type NewIssue,
  type PluginContext,
  type PluginProject,
  type Tracker,
} from "../../core/plugin-api.js";
import { createIssueFile } from "./local/create-issue.js";
import { requireProject } from "../_shared/local-project.js";
import {
  findIssueFile,
  issueNumberOf,
  loadAllIssues,
  loadIssue,
  type IssueFileEntry,
} from "./local/issue-dir.js";
import { localTaskPrompt } from "./local/task-prompt.js";
import { updateIssueFile } from "./local/update-issue.js";

/**
 * tracker/local: issues are Markdown files in the repository (`.ao/issues/<n>-<slug>.md`, YAML
 * front matter + body), so ao works without any hosting service and issues can travel with the
 * code through git. See docs/local-mode.md.
 */
export const DEFAULT_ISSUE_DIR = ".ao/issues";

const optionsSchema = z.strictObject({
  dir: z.string().min(1).default(DEFAULT_ISSUE_DIR).meta({
    description: "Directory of the issue files; relative paths resolve against the project's path.",
  }),
});

export const plugin = definePlugin({
  slot: "tracker",
  name: "local",
  description: "issues as Markdown files in the repository (.ao/issues/<n>-<slug>.md)",
  options: optionsSchema,
  // Any repository can keep its issues as files: the fallback where no hosted tracker fits.
  init: () => ({
    fit: "fallback",
    options: {},
    comment: ["Markdown files in .ao/issues; `ao issue new` writes one."],
  }),
  create: (options, ctx) => createLocalTracker({ ...ctx, project: requireProject(ctx, "tracker") }, options),
});

export type LocalTrackerOptions = z.output<typeof optionsSchema>;

export function createLocalTracker(
  ctx: Pick<PluginContext, "cwd"> & { project: PluginProject },
  options: LocalTrackerOptions,
): Tracker & {
  createIssue(input: NewIssue): Promise<Issue>;
  updateIssue(issue: Issue, update: IssueUpdate): Promise<Issue>;
} {
  const dir = resolve(ctx.project.path, options.dir);
  return {
    getIssue: async (ref) => (await loadIssue(await fileFor(ref, dir, ctx.cwd))).issue,
    branchName: (issue) =>
      branchNameFor({
        trackerBranch: issue.branchName,
        issueId: `issue-${issue.id}`,
        title: issue.title,
        sessionId: issue.id,
      }),
    taskPrompt: localTaskPrompt,
    listIssues: async (filter: IssueFilter) => {
      const state = filter.state ?? "open";
      return (await loadAllIssues(dir))
        .filter(
          ({ issue, assignee }) =>
            (state === "all" || issue.state === state) &&
            (filter.labels ?? []).every((label) => issue.labels.includes(label)) &&
            (filter.assignee === undefined || assignee === filter.assignee),
        )
        .map(({ issue }) => issue);
    },
    createIssue: async (input) => (await loadIssue(await createIssueFile(dir, input))).issue,
    updateIssue: async (issue, update) => {
      const entry = await fileFor(issue.id, dir, ctx.cwd);
      await updateIssueFile(entry, update, new Date());
      return (await loadIssue(entry)).issue;
    },
  };
}

interface IssueRef {
  number: number;
  /** Set when the ref names a file: then only that file is the issue. */
  path?: string;
}

async function fileFor(ref: string, dir: string, cwd: string): Promise<IssueFileEntry> {
  const parsed = parseRef(ref, dir, cwd);
  const file = await findIssueFile(dir, parsed.number);
  if (file === undefined || (parsed.path !== undefined && parsed.path !== file)) throw notFound(ref, dir);
  return { number: parsed.number, file };
}

/** `12`, `#12`, a path to the file (relative to cwd), or the file:// URL an Issue carries. */
function parseRef(ref: string, dir: string, cwd: string): IssueRef {
  const text = ref.trim();
  const plain = /^#?(\d+)$/.exec(text)?.[1];
  if (plain !== undefined) return { number: Number(plain) };
  const path = refPath(text, cwd);
  const number = path === undefined ? undefined : issueNumberOf(basename(path));
  if (path === undefined || number === undefined || dirname(path) !== dir) throw notFound(ref, dir);
  return { number, path };
}

function refPath(text: string, cwd: string): string | undefined {
  if (text.startsWith("file:")) {
    try {
      return fileURLToPath(text);
    } catch {
      return undefined; // not a file URL after all (file:foo): then it names no issue
    }
  }
  return text.endsWith(".md") || text.includes("/") ? resolve(cwd, text) : undefined;
}

function notFound(ref: string, dir: string): AoError {
  return new AoError("E_NOT_FOUND", `no local issue ${ref} in ${dir}`, {
    hint: "refer to a local issue as 12, #12 or its file path; ao issue new files one",
    details: { ref, dir },
  });
}
