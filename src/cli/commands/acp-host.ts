import type { Command } from "commander";
import type { AoError } from "../../core/errors.js";
import type { CliRuntime } from "../cli-runtime.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";

const FLAGS = defineFlags({
  session: {
    type: "string",
    short: "-s",
    value: "id",
    description: "the ao session (default: AO_SESSION_ID); names the record",
  },
  load: {
    type: "string",
    value: "acp-session-id",
    description: "continue this ACP session with session/load when the agent offers it",
  },
  promptFile: {
    type: "string",
    value: "path",
    description: "a file whose text is the first prompt (the spawn's task)",
  },
  autoAllow: {
    type: "string",
    value: "kinds",
    description: "tool kinds whose permission questions are answered allow (comma-separated)",
  },
  takeover: {
    type: "string",
    value: "json-argv",
    description: 'the agent\'s TUI that resumes the conversation, as a JSON array ("{session}": its id)',
  },
});

const EXAMPLES = `
Run by the acp agent plugin as a session's program, not by people (docs/acp.md, "The host").

Examples:
  ao acp-host --session app-3 --prompt-file /tmp/task.md -- my-acp-agent --flag
  ao acp-host --session app-3 --load 7f3a9c1e -- my-acp-agent
`;

/**
 * `ao acp-host [options] -- <agent argv…>`: the host of an ACP session. It runs in the runtime like
 * an agent CLI, speaks ACP to the agent and keeps the record under AO_HOME. Hidden from `ao --help`:
 * the `acp` agent plugin starts it. This file is the process boundary: the real terminal, signals.
 */
export function registerAcpHostCommand(program: Command, cli: CliRuntime): void {
  const acpHost = program
    .command("acp-host", { hidden: true })
    .description("run by the acp agent plugin: hosts one ACP agent in a session's terminal")
    .argument("<agent-argv...>", "the ACP agent's program and arguments, after --");
  addFlags(acpHost, FLAGS)
    .addHelpText("after", EXAMPLES)
    .action(
      cli.action(async (ctx, agentArgv: string[], _flags: unknown, command: Command) => {
        const flags = await readFlags(FLAGS, command);
        const [{ AoError }, { runAcpHost, parseAutoAllow }] = await Promise.all([
          import("../../core/errors.js"),
          import("../../plugins/agent/acp/host/index.js"),
        ]);
        const autoAllow = parseAutoAllow(flags.autoAllow);
        const session = flags.session ?? ctx.env["AO_SESSION_ID"];
        if (session === undefined || session === "")
          throw new AoError("E_USAGE", "acp-host needs the ao session: --session <id> or AO_SESSION_ID", {
            hint: "the acp agent plugin starts it inside a session, where ao sets AO_SESSION_ID",
          });
        const terminal = processTerminal();
        try {
          return await runAcpHost({
            agentArgv,
            cwd: ctx.cwd,
            env: ctx.env,
            aoHome: ctx.paths.home,
            sessionId: session,
            load: flags.load,
            promptFile: flags.promptFile,
            autoAllow,
            takeover: parseTakeover(flags.takeover, AoError),
            clientVersion: command.parent?.version() ?? "unknown",
            pid: process.pid,
            terminal,
            onSignal: onStopSignals,
            now: () => ctx.clock.now(),
          });
        } finally {
          terminal.close();
        }
      }),
    );
}

/** The real terminal: raw mode and bracketed paste on, as an agent TUI sets them, and off again at the end. */
function processTerminal() {
  const { stdin, stdout } = process;
  const tty = stdin.isTTY && typeof stdin.setRawMode === "function";
  if (tty) stdin.setRawMode(true);
  if (stdout.isTTY) stdout.write("\x1b[?2004h");
  // A hung-up terminal (the pane killed) fails writes with EIO: the host still stops its agent and
  // writes the record's last line, so a failed write to the screen must not end it.
  stdout.on("error", () => undefined);
  const release = (): void => {
    if (stdout.isTTY) stdout.write("\x1b[?2004l\r\n");
    if (tty) stdin.setRawMode(false);
    stdin.pause();
  };
  return {
    output: { write: (text: string) => void stdout.write(text), columns: () => stdout.columns || 80 },
    lineMode: !tty,
    onData: (listener: (data: Buffer | string) => void) => void stdin.on("data", listener),
    /** For a takeover's TUI: the host's modes off, and a clean screen so only the TUI is seen. */
    suspend() {
      release();
      if (stdout.isTTY) stdout.write("\x1b[2J\x1b[H");
    },
    resume() {
      if (tty) stdin.setRawMode(true);
      if (stdout.isTTY) stdout.write("\x1b[?2004h");
      stdin.resume();
    },
    close: release,
  };
}

type AoErrorClass = typeof AoError;

/** `--takeover '["claude","--resume","{session}"]'`: a JSON array of strings, or an error naming the flag. */
function parseTakeover(text: string | undefined, AoError: AoErrorClass): string[] | undefined {
  if (text === undefined) return undefined;
  let argv: unknown;
  try {
    argv = JSON.parse(text);
  } catch {
    argv = undefined;
  }
  if (Array.isArray(argv) && argv.length > 0 && argv.every((arg) => typeof arg === "string")) return argv;
  throw new AoError("E_USAGE", `--takeover must be a JSON array of strings, not ${text}`, {
    hint: 'for example --takeover \'["claude","--resume","{session}"]\'',
  });
}

/**
 * SIGUSR2: `ao session takeover` / `handback` left a request beside the record (docs/acp.md,
 * "Taking over"). Not SIGUSR1: Node keeps that one for its debugger.
 */
function onStopSignals(listener: (what: "stop" | "interrupt" | "control") => void): void {
  for (const signal of ["SIGTERM", "SIGHUP"] as const) process.on(signal, () => listener("stop"));
  process.on("SIGINT", () => listener("interrupt"));
  process.on("SIGUSR2", () => listener("control"));
}
