// ao-plugin-agent-scribe: an agent plugin for ao, built only against `agent-orchestrator/plugin`.
//
// The "agent" is scribe.ts, a small script that notes its task and every message it is sent in a
// file of the session's worktree. What ao asks of an agent plugin is all here: how to launch the
// program (ao's runtime, tmux by default, starts it), what the program is doing (from its screen),
// and what the workspace needs before the launch.
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AoError,
  definePlugin,
  git,
  gitText,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type PluginContext,
} from "agent-orchestrator/plugin";
import { z } from "zod";

/** The program ao starts in the session: scribe.ts, compiled next to this module. */
const SCRIBE = fileURLToPath(new URL("./scribe.js", import.meta.url));

/** What scribe prints when it waits for the next message, and while it writes a note. */
const IDLE_PROMPT = /^scribe>\s*$/;
const WRITING = /^scribe: noting/;

// The options ao validates before `create`: a misspelt key is an error with its key path, and
// `notes` may not point outside the worktree.
const scribeOptions = z.strictObject({
  notes: z
    .string()
    .min(1)
    .refine((path) => !isAbsolute(path) && !path.split(/[\\/]/).includes(".."), {
      message: "must be a file name inside the worktree",
    })
    .default("NOTES.md"),
});

type ScribeOptions = z.output<typeof scribeOptions>;

export function createScribeAgent(options: ScribeOptions, ctx: PluginContext): Agent {
  return {
    // The program and its arguments, never a shell string: the task stays in ao's prompt file.
    launch: ({ promptFile, worktree }) =>
      Promise.resolve({
        argv: [process.execPath, SCRIBE, promptFile, join(worktree, options.notes)],
        env: {},
      }),
    activity: (probe) => Promise.resolve(scribeActivity(probe)),
    prepareWorkspace: async ({ worktree }) => {
      // A project file of that name would be overwritten: refuse, and say which option to change.
      const tracked = await git(ctx, worktree, ["ls-files", "--", options.notes]);
      if (tracked.stdout.trim() !== "") {
        throw new AoError("E_EXISTS", `the project already has a file ${options.notes}`, {
          hint: "give the scribe agent another file in its `notes` option",
        });
      }
      // Notes are not work to commit: ignore them in every worktree of the repository.
      const exclude = await gitText(ctx, worktree, [
        "rev-parse",
        "--path-format=absolute",
        "--git-path",
        "info/exclude",
      ]);
      await ignoreInGit(exclude, `/${options.notes}`);
    },
  };
}

/** From ao's liveness first (a gone process has exited), then from the bottom of scribe's screen. */
function scribeActivity(probe: ActivityProbe): ActivityReport {
  const { liveness } = probe;
  if (liveness.state === "exited" || liveness.state === "missing") return { activity: "exited" };
  if (liveness.state === "unknown") return { activity: "unknown", detail: liveness.reason };
  const last =
    (probe.screen ?? "")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .at(-1) ?? "";
  if (IDLE_PROMPT.test(last)) return { activity: "idle", detail: "scribe> prompt" };
  if (WRITING.test(last)) return { activity: "working", detail: "writing a note" };
  return { activity: "unknown", detail: "no scribe prompt on screen" };
}

async function ignoreInGit(excludeFile: string, pattern: string): Promise<void> {
  const current = await readFile(excludeFile, "utf8").catch(() => "");
  if (current.split("\n").includes(pattern)) return;
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  await mkdir(dirname(excludeFile), { recursive: true });
  await appendFile(excludeFile, `${separator}${pattern}\n`);
}

/** The named export ao reads: the definition of this agent plugin. */
export const plugin = definePlugin({
  slot: "agent",
  name: "scribe",
  description: "Example external agent: a script that notes its task and each message in the worktree",
  options: scribeOptions,
  create: (options, ctx) => createScribeAgent(options, ctx),
});
