import { InvalidArgumentError, type Command } from "commander";
import type { StoredEvent } from "../../core/store/index.js";
import type { CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

interface EventsFlags {
  session?: string;
  type?: string;
  follow?: boolean;
  json?: boolean;
  limit?: number;
}

const FOLLOW_POLL_MS = 500;

export function registerEventsCommand(program: Command, cli: CliRuntime): void {
  program
    .command("events")
    .description("show the event log: status changes, reactions, deliveries, notifications")
    .option("--session <id>", "only this session's events")
    .option("--type <type>", "only this type, or family of types (reaction = reaction.*; docs/events.md)")
    .option("--limit <n>", "the newest n events (default 50)", positiveInteger)
    .option("--follow", "keep printing new events until Ctrl-C")
    .option("--json", "JSON: one document; with --follow one JSON object per line")
    .action(
      cli.action(async (ctx, flags: EventsFlags) => {
        const { readEvents, followEvents } = await import("../../core/daemon/index.js");
        const { parseEventFilter } = await import("../../core/events/index.js");
        const type = flags.type === undefined ? undefined : parseEventFilter(flags.type);
        const query = { sessionId: flags.session, type, limit: flags.limit };
        if (flags.follow !== true) {
          const events = readEvents(ctx, query);
          if (flags.json === true) writeJson(ctx.stdout, { events });
          else writeLines(ctx.stdout, events.length === 0 ? ["no events"] : events.map(eventLine));
          return 0;
        }
        const controller = new AbortController();
        process.once("SIGINT", () => controller.abort());
        process.once("SIGTERM", () => controller.abort());
        await followEvents(
          ctx,
          { ...query, signal: controller.signal, intervalMs: FOLLOW_POLL_MS },
          (events) => {
            const lines = events.map((event) =>
              flags.json === true ? JSON.stringify(event) : eventLine(event),
            );
            writeLines(ctx.stdout, lines);
          },
        );
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

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new InvalidArgumentError("expected a whole number, at least 1");
  return parsed;
}
