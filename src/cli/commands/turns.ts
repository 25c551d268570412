import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { TurnWork } from "../../core/slots/index.js";
import type { TurnView } from "../../core/turns/index.js";
import { terminalCell } from "../terminal-text.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag, timeoutFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const REPLY_COLUMN = 60;

const LIST_FLAGS = defineFlags({
  limit: { type: "number", min: 1, description: "only the newest n turns" },
  ...jsonFlag("print the turns as JSON"),
});
const SHOW_FLAGS = defineFlags(jsonFlag("print the turn as JSON"));
const WAIT_FLAGS = defineFlags({
  ...timeoutFlag("give up waiting after this long (the turn goes on)", "10m"),
  ...jsonFlag("print the turn as JSON"),
});

/** `ao turns <session>`, `ao turns show <turn>`, `ao turns wait <turn>`. */
export function registerTurnsCommand(program: Command, cli: CliRuntime): void {
  const configOf = (command: Command) => globalOptions(command).config;
  const turns = program
    .command("turns")
    .description("a session's turns: each message given to its agent, and what became of it")
    .argument("<session>", "session id, e.g. app-3");
  addFlags(turns, LIST_FLAGS).action(
    cli.action(async (ctx, session: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(LIST_FLAGS, command);
      const { listSessionTurns } = await import("../../core/turns/index.js");
      const listed = await listSessionTurns(ctx, session, {
        configPath: configOf(command),
        limit: flags.limit,
      });
      if (flags.json) writeJson(ctx.stdout, listed);
      else if (listed.turns.length === 0)
        ctx.stderr.write(`${session}: no turns yet (\`ao send\` gives one)\n`);
      else writeLines(ctx.stdout, renderTurns(listed.turns, ctx.clock.now()));
      return 0;
    }),
  );

  const show = turns
    .command("show")
    .description("one turn with its reply (the reply alone on stdout; the rest on stderr)")
    .argument("<turn>", "turn id, e.g. t-12");
  addFlags(show, SHOW_FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(SHOW_FLAGS, command);
      const { showTurn } = await import("../../core/turns/index.js");
      const turn = await showTurn(ctx, id, { configPath: configOf(command) });
      if (wantsJson(flags, command)) writeJson(ctx.stdout, turn);
      else renderTurn(ctx.stdout, ctx.stderr, turn);
      return 0;
    }),
  );

  const wait = turns
    .command("wait")
    .description("wait until a turn ends and print its reply; exit 0 only if it completed")
    .argument("<turn>", "turn id, e.g. t-12");
  addFlags(wait, WAIT_FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(WAIT_FLAGS, command);
      const { waitTurn } = await import("../../core/turns/index.js");
      const turn = await waitTurn(ctx, id, {
        configPath: configOf(command),
        timeoutMs: flags.timeout,
        onProgress: (seen) => ctx.stderr.write(`${seen.sessionId}: ${seen.id} is ${seen.status}…\n`),
      });
      if (wantsJson(flags, command)) writeJson(ctx.stdout, turn);
      else renderTurn(ctx.stdout, ctx.stderr, turn);
      return 0;
    }),
  );
}

/** `ao turns show t-1 --json`: commander may hand a trailing --json to the parent `turns`, which has one too. */
function wantsJson(flags: { json: boolean }, command: Command): boolean {
  return flags.json || command.optsWithGlobals<{ json?: boolean }>().json === true;
}

function renderTurns(turns: readonly TurnView[], now: number): string[] {
  return renderTable(turns, [
    { header: "turn", value: (turn) => turn.id },
    {
      header: "origin",
      value: (turn) => (turn.reactionId === null ? turn.origin : `reaction ${String(turn.reactionId)}`),
    },
    { header: "status", value: (turn) => turn.status },
    { header: "queued", value: (turn) => turn.queuedAt.slice(0, 19).replace("T", " ") },
    { header: "took", value: (turn) => took(turn, now) },
    { header: "reply", value: summary },
  ]);
}

function renderTurn(stdout: OutputStream, stderr: OutputStream, turn: TurnView): void {
  const from = turn.replySource === "report" ? "worker's orch_report" : turn.replySource;
  const source = from === null ? "" : ` (reply from the ${from})`;
  stderr.write(
    `${turn.session}: ${turn.id} ${turn.status}${source}; ${turn.origin}, queued ${turn.queuedAt}\n`,
  );
  if (turn.error !== null) stderr.write(`${turn.error}\n`);
  if (turn.work !== undefined) writeLines(stderr, workLines(turn.work));
  if (typeof turn.reply === "string")
    stdout.write(turn.reply.endsWith("\n") ? turn.reply : `${turn.reply}\n`);
}

/**
 * The turn's tool calls and plan, one line each, on stderr with the rest (stdout is the reply alone):
 * `  ⏺ edit Edit parser.ts — completed (src/parser.ts:12)`, `  ☐ write the test (pending)`.
 */
export function workLines(work: TurnWork): string[] {
  const tools = work.tools.map((tool) => {
    const files = tool.files.length === 0 ? "" : ` (${tool.files.map(terminalCell).join(", ")})`;
    return `  ⏺ ${tool.kind} ${terminalCell(tool.title)} — ${tool.status}${files}${answerText(tool)}`;
  });
  const plan = work.plan.map(
    (entry) =>
      `  ${entry.status === "completed" ? "☑" : "☐"} ${terminalCell(entry.content)} (${entry.status})`,
  );
  return [
    ...(tools.length === 0 ? [] : [`tool calls (${String(tools.length)}):`, ...tools]),
    ...(plan.length === 0 ? [] : [`plan (${String(plan.length)}):`, ...plan]),
  ];
}

/** Who let the call run: ` · auto-allowed (allow-once)`, ` · approved (allow-once)`, ` · denied (reject-once)`. */
function answerText(tool: TurnWork["tools"][number]): string {
  if (tool.autoAllowed !== undefined) return ` · auto-allowed (${terminalCell(tool.autoAllowed)})`;
  if (tool.answered === undefined) return "";
  const { kind, option } = tool.answered;
  if (kind === "cancelled") return " · question cancelled";
  return ` · ${kind.startsWith("allow") ? "approved" : "denied"} (${terminalCell(option)})`;
}

/** From delivery to the end, or so far. */
function took(turn: TurnView, now: number): string {
  if (turn.deliveredAt === null) return "";
  const end = turn.endedAt === null ? now : Date.parse(turn.endedAt);
  const seconds = Math.max(0, Math.round((end - Date.parse(turn.deliveredAt)) / 1000));
  return seconds < 120 ? `${String(seconds)}s` : `${String(Math.round(seconds / 60))}m`;
}

function summary(turn: TurnView): string {
  const text = turn.error ?? (turn.replyBytes > 0 ? `${String(turn.replyBytes)} bytes` : "");
  const line = text.split("\n")[0] ?? "";
  return line.length > REPLY_COLUMN ? `${line.slice(0, REPLY_COLUMN - 1)}…` : line;
}
