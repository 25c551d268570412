import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { QueueEntryView, QueueListing } from "../../core/train/index.js";
import { waitingSpawns } from "../../core/sessions/index.js";
import { formatAge } from "../age-text.js";
import { waitingJson, waitingNotes } from "../spawn-line-text.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags(jsonFlag("print the queue as JSON"));

/** `ao queue [project]`: the merge train's queue (docs/merge-train.md). */
export function registerQueueCommand(program: Command, cli: CliRuntime): void {
  const queue = program
    .command("queue")
    .description(
      "the merge train: queued sessions in landing order, each one's state and ETA, and what recently landed or left; then the spawns waiting to start",
    )
    .argument("[project]", "only this project's queue")
    .addHelpText(
      "after",
      "\nExamples:\n  ao merge --queue app-1 app-2\n  ao queue app\n  ao queue --json | jq '.queue[0]'\n",
    );
  addFlags(queue, FLAGS).action(
    cli.action(async (ctx, project: string | undefined, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { listQueue } = await import("../../core/train/index.js");
      const listed = await listQueue(ctx, { project, configPath: globalOptions(command).config });
      const now = ctx.clock.now();
      const spawns = waitingSpawns(ctx).filter((wait) => project === undefined || wait.project === project);
      if (flags.json)
        writeJson(ctx.stdout, { ...listed, spawns: spawns.map((wait) => waitingJson(wait, now)) });
      else {
        renderQueue(ctx.stdout, listed, now);
        if (spawns.length > 0) writeLines(ctx.stdout, waitingNotes(spawns, now));
      }
      return 0;
    }),
  );
}

function renderQueue(out: OutputStream, listed: QueueListing, now: number): void {
  if (listed.queue.length === 0)
    writeLines(out, ["the merge queue is empty (ao merge --queue <session…> adds to it)"]);
  else
    writeLines(
      out,
      renderTable(listed.queue, [
        { header: "#", value: (view) => String(view.place ?? "") },
        { header: "session", value: (view) => sessionCell(view) },
        { header: "state", value: (view) => view.state },
        { header: "what", value: (view) => view.note },
        {
          header: "eta",
          value: (view) => (view.eta === null ? "—" : `in ${formatAge(Math.max(0, view.eta - now))}`),
        },
      ]),
    );
  if (listed.ended.length === 0) return;
  writeLines(out, ["", "recently:"]);
  writeLines(
    out,
    renderTable(listed.ended, [
      { header: "session", value: (view) => sessionCell(view) },
      { header: "state", value: (view) => view.state },
      { header: "what", value: (view) => view.note },
      { header: "when", value: (view) => `${formatAge(now - (view.endedAt ?? now))} ago` },
    ]),
  );
}

function sessionCell(view: QueueEntryView): string {
  return view.attempt > 1 ? `${view.session} (try ${String(view.attempt)})` : view.session;
}
