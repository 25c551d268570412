import type { Command } from "commander";
import type { StoredEvent } from "../../core/store/index.js";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  session: { type: "string", value: "id", description: "only this session's events" },
  type: {
    type: "string",
    value: "type",
    description: "only this type, or family of types (reaction = reaction.*; docs/events.md)",
  },
  limit: { type: "number", min: 1, description: "the newest n events (default 50)" },
  follow: { type: "boolean", description: "keep printing new events until Ctrl-C" },
  ...jsonFlag("JSON: one document; with --follow one JSON object per line"),
});

const FOLLOW_POLL_MS = 500;

/** `ao events`: the event log, once or followed. */
export function registerEventsCommand(program: Command, cli: CliRuntime): void {
  const events = program
    .command("events")
    .description("show the event log: status changes, reactions, deliveries, notifications");
  addFlags(events, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { readEvents, followEvents } = await import("../../core/daemon/index.js");
      const { parseEventFilter } = await import("../../core/events/index.js");
      const type = flags.type === undefined ? undefined : parseEventFilter(flags.type);
      const query = { sessionId: flags.session, type, limit: flags.limit };
      if (!flags.follow) {
        const found = readEvents(ctx, query);
        if (flags.json) writeJson(ctx.stdout, { events: found });
        else writeLines(ctx.stdout, found.length === 0 ? ["no events"] : found.map(eventLine));
        return 0;
      }
      const controller = new AbortController();
      process.once("SIGINT", () => controller.abort());
      process.once("SIGTERM", () => controller.abort());
      const print = (batch: readonly StoredEvent[]) =>
        writeLines(
          ctx.stdout,
          batch.map((event) => (flags.json ? JSON.stringify(event) : eventLine(event))),
        );
      await followEvents(ctx, { ...query, signal: controller.signal, intervalMs: FOLLOW_POLL_MS }, print);
      return 0;
    }),
  );
}

function eventLine(event: StoredEvent): string {
  const time = new Date(event.createdAt).toISOString().replace("T", " ").slice(0, 19);
  const payload = JSON.stringify(event.payload);
  const summary = payload === "{}" ? "" : payload.length > 160 ? `${payload.slice(0, 157)}...` : payload;
  return [time, event.sessionId ?? "-", event.type, summary].join("  ").trimEnd();
}
