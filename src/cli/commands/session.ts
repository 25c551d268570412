import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { TerminalView } from "../../core/slots/index.js";
import type { CleanupAction, RestoreOutcome } from "../../core/sessions/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";
import { renderSessions } from "./status.js";
import { type InterruptResult, turnView } from "../../core/turns/index.js";
import { durationFlag } from "../duration-flag.js";
import { terminalText } from "../terminal-text.js";
import { AoError } from "../../core/errors.js";
import { registerSessionClaim } from "./session-claim.js";
import { registerSessionEnded } from "./session-ended.js";
import { registerSessionRemap } from "./session-remap.js";

/** `--lines`: a whole number from 1 to 10000. */
function positiveLines(value: string): number {
  const lines = Number(value);
  if (Number.isInteger(lines) && lines > 0 && lines <= 10_000) return lines;
  throw new AoError("E_USAGE", `--lines must be a whole number from 1 to 10000, not "${value}"`, {
    hint: "for example: --lines 50",
  });
}

/** What a terminal opened: its address when it has one (terminal/web), or nothing to say. */
export function renderView(out: OutputStream, session: string, view: TerminalView, json: boolean): void {
  if (json) writeJson(out, { session, ...(view.url === undefined ? {} : { url: view.url }) });
  else if (view.url !== undefined) writeLines(out, [view.url]);
}

export function registerSessionCommand(program: Command, cli: CliRuntime): void {
  const session = program
    .command("session")
    .description("list, attach to, stop, restore and clean up sessions");
  const configOf = (command: Command) => globalOptions(command).config;

  session
    .command("ls")
    .description("list sessions (active ones; --all includes ended ones)")
    .option("--all", "include merged, closed, exited, killed and errored sessions")
    .option("--json", "print the sessions as JSON")
    .action(
      cli.action(async (ctx, flags: { all?: boolean; json?: boolean }, command: Command) => {
        const { listSessionViews } = await import("../../core/sessions/index.js");
        const views = await listSessionViews(ctx, { all: flags.all, configPath: configOf(command) });
        renderSessions(ctx.stdout, views, { json: flags.json, now: ctx.clock.now() });
        return 0;
      }),
    );

  session
    .command("attach")
    .description(
      "open the session's terminal (tmux: detach again with Ctrl-b d); --web prints its dashboard page",
    )
    .argument("<id>", "session id")
    .option("--web", "print the URL of the session's page in the dashboard (logs the browser in) instead")
    .option("--json", "print the result as JSON ({ session, url })")
    .action(
      cli.action(async (ctx, id: string, flags: { web?: boolean; json?: boolean }, command: Command) => {
        if (flags.web === true) {
          const { sessionPage } = await import("../../core/sessions/index.js");
          const page = await sessionPage(ctx, id);
          if (flags.json === true) writeJson(ctx.stdout, page);
          else writeLines(ctx.stdout, [page.url]);
          return 0;
        }
        const { attachSession } = await import("../../core/sessions/index.js");
        const view = await attachSession(ctx, id, { configPath: configOf(command) });
        renderView(ctx.stdout, id, view, flags.json === true);
        return 0;
      }),
    );

  session
    .command("logs")
    .description("print what a session's agent shows, or last showed before it ended")
    .argument("<id>", "session id")
    .option("--lines <n>", "how many lines of screen and scrollback", "200")
    .option("--json", "print { session, status, source, text, note } as JSON")
    .action(
      cli.action(async (ctx, id: string, flags: { lines: string; json?: boolean }, command: Command) => {
        const { sessionLogs } = await import("../../core/sessions/index.js");
        const logs = await sessionLogs(ctx, id, {
          lines: positiveLines(flags.lines),
          configPath: configOf(command),
        });
        if (flags.json === true) writeJson(ctx.stdout, logs);
        else ctx.stdout.write(terminalText(logs.text));
        if (logs.note !== null && flags.json !== true) ctx.stderr.write(`${id}: ${logs.note}\n`);
        if (logs.source === "kept" && flags.json !== true)
          ctx.stderr.write(`${id}: the lines above are what ao kept when the agent exited\n`);
        return 0;
      }),
    );

  session
    .command("kill")
    .description("stop a session's agent; --purge also removes its worktree (the branch is always kept)")
    .argument("<id>", "session id")
    .option("--purge", "also remove the worktree")
    .option("--force", "with --purge: discard uncommitted work in the worktree")
    .option("--json", "print the result as JSON")
    .action(
      cli.action(
        async (
          ctx,
          id: string,
          flags: { purge?: boolean; force?: boolean; json?: boolean },
          command: Command,
        ) => {
          const { killSession } = await import("../../core/sessions/index.js");
          const result = await killSession(ctx, id, {
            purge: flags.purge,
            force: flags.force,
            configPath: configOf(command),
          });
          if (flags.json === true)
            writeJson(ctx.stdout, {
              session: result.session.id,
              status: result.session.status,
              workspace: result.workspace,
              branch: result.branch,
            });
          else
            writeLines(ctx.stdout, [
              `${id}: killed; worktree ${result.workspace}; branch ${result.branch} kept`,
            ]);
          return 0;
        },
      ),
    );

  session
    .command("interrupt")
    .description(
      "stop the agent's current turn the way it expects (Escape or Ctrl-C) and confirm it is idle again; exit 1 if it is not",
    )
    .argument("<id>", "session id")
    .option("--timeout <duration>", "how long the agent may take to be idle again", "10s")
    .option("--json", "print the result as JSON")
    .action(
      cli.action(async (ctx, id: string, flags: { timeout: string; json?: boolean }, command: Command) => {
        const { interruptSessionTurn } = await import("../../core/turns/index.js");
        const result = await interruptSessionTurn(ctx, id, {
          configPath: configOf(command),
          timeoutMs: await durationFlag("--timeout", flags.timeout),
        });
        if (flags.json === true) writeJson(ctx.stdout, interruptJson(result));
        else ctx.stderr.write(`${interruptLine(result)}\n`);
        return result.idle ? 0 : 1;
      }),
    );

  session
    .command("restore")
    .description(
      "bring a session back after its agent, tmux or the machine stopped; finishes interrupted spawns",
    )
    .argument("[id]", "session id")
    .option("--all", "restore every session that should be running")
    .option("--force", "restore even when liveness cannot be told, or a spawn seems to be in progress")
    .option("--json", "print the result as JSON")
    .action(
      cli.action(
        async (
          ctx,
          id: string | undefined,
          flags: { all?: boolean; force?: boolean; json?: boolean },
          command: Command,
        ) => {
          const { restoreSession } = await import("../../core/sessions/index.js");
          const { restoreAllSessions } = await import("../../core/sessions/index.js");
          const options = { configPath: configOf(command), force: flags.force };
          if ((id === undefined) === (flags.all !== true)) {
            const { AoError } = await import("../../core/errors.js");
            throw new AoError("E_USAGE", "give either a session id or --all", {
              hint: "ao session restore app-3, or ao session restore --all",
            });
          }
          const outcomes: RestoreOutcome[] =
            id === undefined
              ? await restoreAllSessions(ctx, options)
              : [{ session: id, result: await restoreSession(ctx, id, options) }];
          if (flags.json === true) writeJson(ctx.stdout, { results: outcomes.map(restoreJson) });
          else writeLines(ctx.stdout, outcomes.map(restoreLine));
          return outcomes.some((outcome) => outcome.error !== undefined) ? 1 : 0;
        },
      ),
    );

  session
    .command("cleanup")
    .description("roll back interrupted spawns and remove worktrees of killed, merged and closed sessions")
    .option("--dry-run", "only say what would be done")
    .option("--json", "print the actions as JSON")
    .action(
      cli.action(async (ctx, flags: { dryRun?: boolean; json?: boolean }, command: Command) => {
        const { cleanupSessions } = await import("../../core/sessions/index.js");
        const actions = await cleanupSessions(ctx, { dryRun: flags.dryRun, configPath: configOf(command) });
        if (flags.json === true) writeJson(ctx.stdout, { dryRun: flags.dryRun === true, actions });
        else renderCleanup(ctx.stdout, actions, flags.dryRun === true);
        return actions.some((action) => action.error !== undefined) ? 1 : 0;
      }),
    );

  registerSessionClaim(session, cli);
  registerSessionRemap(session, cli);
  registerSessionEnded(session, cli);
}

function interruptJson(result: InterruptResult): Record<string, unknown> {
  return {
    session: result.session,
    idle: result.idle,
    activity: result.activity,
    keys: result.keys,
    turn: result.turn === undefined ? null : turnView(result.turn),
  };
}

function interruptLine(result: InterruptResult): string {
  const keys = result.keys.length === 0 ? "no key needed" : `pressed ${result.keys.join(", then ")}`;
  const turn = result.turn === undefined ? "no open turn" : `${result.turn.id} ${result.turn.status}`;
  if (result.idle) return `${result.session}: ${turn} (${keys}); the agent is idle`;
  return `${result.session}: the agent is not idle (${result.activity}) after the interrupt (${keys}); ${turn}`;
}

function restoreJson(outcome: RestoreOutcome): Record<string, unknown> {
  if (outcome.result === undefined) return { session: outcome.session, ok: false, error: outcome.error };
  const { session, ...rest } = outcome.result;
  return { session: outcome.session, ok: true, status: session.status, worktree: session.worktree, ...rest };
}

function restoreLine(outcome: RestoreOutcome): string {
  const result = outcome.result;
  if (result === undefined)
    return `${outcome.session}: not restored: ${outcome.error?.message ?? "unknown error"}`;
  if (result.action === "already_running") return `${outcome.session}: already running`;
  if (result.action === "finished_spawn") return `${outcome.session}: interrupted spawn finished`;
  const how = result.resumed ? "conversation resumed" : "new conversation";
  return `${outcome.session}: restored (${how}${result.workspaceRecreated ? ", worktree recreated" : ""})`;
}

function renderCleanup(out: OutputStream, actions: readonly CleanupAction[], dryRun: boolean): void {
  if (actions.length === 0) {
    writeLines(out, ["nothing to clean up"]);
    return;
  }
  writeLines(
    out,
    actions.map((action) => {
      const [future, past] = VERBS[action.action];
      const verb = dryRun ? `would ${future}` : past;
      const failed = action.error === undefined ? "" : ` (failed: ${action.error})`;
      return `${action.session}: ${verb}: ${action.detail}${failed}`;
    }),
  );
}

/** How each cleanup action reads: before (--dry-run) and after it ran. */
const VERBS: Record<CleanupAction["action"], [string, string]> = {
  rolled_back_spawn: ["roll back the spawn", "rolled back the spawn"],
  finished_spawn: ["finish the spawn", "finished the spawn"],
  stopped_runtime: ["stop the runtime", "stopped the runtime"],
  removed_workspace: ["remove the worktree", "removed the worktree"],
  kept_workspace: ["keep the worktree", "kept the worktree"],
  skipped: ["skip it", "skipped"],
};
