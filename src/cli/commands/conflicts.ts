import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { ConflictView } from "../../core/conflicts/index.js";
import { formatAge } from "../age-text.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags(jsonFlag("print the conflicts as JSON"));

/** `ao conflicts [project]`: what the conflict radar found between live sessions (docs/conflicts.md). */
export function registerConflictsCommand(program: Command, cli: CliRuntime): void {
  const conflicts = program
    .command("conflicts")
    .description(
      "sessions whose branches would conflict with each other or the default branch, and those changing the same files",
    )
    .argument("[project]", "only this project's sessions")
    .addHelpText(
      "after",
      "\nExamples:\n  ao conflicts\n  ao conflicts app --json | jq '.conflicts[] | select(.kind == \"conflict\")'\n",
    );
  addFlags(conflicts, FLAGS).action(
    cli.action(async (ctx, project: string | undefined, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { listConflicts } = await import("../../core/conflicts/index.js");
      const listed = await listConflicts(ctx, { project, configPath: globalOptions(command).config });
      if (flags.json) writeJson(ctx.stdout, listed);
      else renderConflicts(ctx.stdout, listed.conflicts, ctx.clock.now());
      return 0;
    }),
  );
}

function renderConflicts(out: OutputStream, conflicts: readonly ConflictView[], now: number): void {
  if (conflicts.length === 0) {
    writeLines(out, [
      "no predicted conflicts or overlaps (the daemon's cycles check live sessions: ao start)",
    ]);
    return;
  }
  writeLines(
    out,
    renderTable(conflicts, [
      { header: "pair", value: (view) => `${view.sessions[0]} ↔ ${view.sessions[1] ?? view.branches[1]}` },
      { header: "kind", value: (view) => view.kind },
      { header: "files", value: (view) => filesCell(view) },
      { header: "since", value: (view) => `${formatAge(now - view.since)} ago` },
    ]),
  );
}

/** `src/a.ts:5-11,30-34, src/b.ts`: each file with its conflicting blocks' lines in the merge result. */
function filesCell(view: ConflictView): string {
  return view.files
    .map((file) => {
      const ranges = view.hunks
        .filter((hunk) => hunk.file === file)
        .map((hunk) => `${hunk.start}-${hunk.end}`);
      return ranges.length === 0 ? file : `${file}:${ranges.join(",")}`;
    })
    .join(", ");
}
