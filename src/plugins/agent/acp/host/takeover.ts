import { spawn } from "node:child_process";
import { takeoverArgv } from "../takeover-argv.js";
import type { RecordWriter } from "./record-writer.js";
import type { Screen } from "./screen.js";

const HANDBACK_GRACE_MS = 5000;

export interface TakeoverInput {
  /** The TUI's argv with `{session}` in it (`claude --resume {session}`). */
  argvTemplate: readonly string[];
  acpSessionId: string;
  cwd: string;
  env: Record<string, string>;
  screen: Screen;
  record: RecordWriter;
  /** The terminal is the TUI's while it runs: the host stops reading keys and drawing. */
  suspendTerminal(): void;
  resumeTerminal(): void;
  /** Where `handback` (SIGUSR2) reaches this phase: ends the TUI. */
  onHandback(listener: () => void): void;
}

/**
 * The TUI phase of a takeover (docs/acp.md, "Taking over"): the ACP agent is already stopped, so
 * the TUI is the conversation's only writer. It runs in the host's terminal, in the host's process
 * group (Ctrl-C reaches it, the host ignores it meanwhile), until the person quits it or
 * `ao session handback` asks (SIGTERM, then SIGKILL after 5 s). Resolves once it has exited.
 */
export async function runTakeover(input: TakeoverInput): Promise<void> {
  const argv = takeoverArgv(input.argvTemplate, input.acpSessionId);
  input.record.host({ kind: "takeover", acpSessionId: input.acpSessionId, argv });
  input.screen.lines([`● taken over: ${argv.join(" ")} (ao session handback <session> gives it back)`]);
  input.suspendTerminal();
  const [program, ...args] = argv;
  const child = spawn(program ?? "", args, { cwd: input.cwd, env: input.env, stdio: "inherit" });
  let killTimer: NodeJS.Timeout | undefined;
  input.onHandback(() => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    killTimer ??= setTimeout(() => child.kill("SIGKILL"), HANDBACK_GRACE_MS);
  });
  const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once("error", (error) => {
      input.screen.lines([`! cannot start ${program ?? ""}: ${error.message}`]);
      resolve({ code: null, signal: null });
    });
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  clearTimeout(killTimer);
  input.resumeTerminal();
  input.record.host({ kind: "handback", code: exit.code, signal: exit.signal });
  input.screen.lines(["● handed back: the host loads the conversation again over ACP"]);
}
