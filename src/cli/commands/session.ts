import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { TerminalView } from "../../core/slots/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import { renderSessions } from "./status.js";
import { registerSessionAnswer } from "./session-answer.js";
import { registerSessionClaim } from "./session-claim.js";
import { registerSessionCleanup } from "./session-cleanup.js";
import { registerSessionEnded } from "./session-ended.js";
import { registerSessionInterrupt } from "./session-interrupt.js";
import { registerSessionTakeover } from "./session-takeover.js";
import { registerSessionKill } from "./session-kill.js";
import { registerSessionLogs } from "./session-logs.js";
import { registerSessionRemap } from "./session-remap.js";
import { registerSessionRestore } from "./session-restore.js";

/** What a terminal opened: its address when it has one (terminal/web), or nothing to say. */
export function renderView(out: OutputStream, session: string, view: TerminalView, json: boolean): void {
  if (json) writeJson(out, { session, ...(view.url === undefined ? {} : { url: view.url }) });
  else if (view.url !== undefined) writeLines(out, [view.url]);
}

/** `ao session …`: each subcommand in its own session-<name>.ts but the two shortest. */
export function registerSessionCommand(program: Command, cli: CliRuntime): void {
  const session = program
    .command("session")
    .description("list, attach to, answer, stop, restore and clean up sessions");
  registerSessionLs(session, cli);
  registerSessionAttach(session, cli);
  registerSessionLogs(session, cli);
  registerSessionKill(session, cli);
  registerSessionInterrupt(session, cli);
  registerSessionAnswer(session, cli);
  registerSessionTakeover(session, cli);
  registerSessionRestore(session, cli);
  registerSessionCleanup(session, cli);
  registerSessionClaim(session, cli);
  registerSessionRemap(session, cli);
  registerSessionEnded(session, cli);
}

const LS_FLAGS = defineFlags({
  all: { type: "boolean", description: "include merged, closed, exited, killed and errored sessions" },
  ...jsonFlag("print the sessions as JSON"),
});

function registerSessionLs(session: Command, cli: CliRuntime): void {
  const ls = session.command("ls").description("list sessions (active ones; --all includes ended ones)");
  addFlags(ls, LS_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(LS_FLAGS, command);
      const { listSessionViews } = await import("../../core/sessions/index.js");
      const configPath = globalOptions(command).config;
      const views = await listSessionViews(ctx, { all: flags.all, configPath });
      renderSessions(ctx.stdout, views, { json: flags.json, now: ctx.clock.now() });
      return 0;
    }),
  );
}

const ATTACH_FLAGS = defineFlags({
  web: {
    type: "boolean",
    description: "print the URL of the session's page in the dashboard (logs the browser in) instead",
  },
  ...jsonFlag("print the result as JSON ({ session, url })"),
});

function registerSessionAttach(session: Command, cli: CliRuntime): void {
  const attach = session
    .command("attach")
    .description(
      "open the session's terminal (tmux: detach again with Ctrl-b d); --web prints its dashboard page",
    )
    .argument("<id>", "session id");
  addFlags(attach, ATTACH_FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(ATTACH_FLAGS, command);
      const { attachSession, sessionPage } = await import("../../core/sessions/index.js");
      if (flags.web) {
        const page = await sessionPage(ctx, id);
        if (flags.json) writeJson(ctx.stdout, page);
        else writeLines(ctx.stdout, [page.url]);
        return 0;
      }
      const view = await attachSession(ctx, id, { configPath: globalOptions(command).config });
      renderView(ctx.stdout, id, view, flags.json);
      return 0;
    }),
  );
}
