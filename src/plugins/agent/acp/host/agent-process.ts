import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

export interface AgentExit {
  code: number | null;
  signal: string | null;
  stderrTail: string;
}

/** The ACP agent the host speaks to: its stdio, its end, a way to stop it. */
export interface AgentProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<AgentExit>;
  /** SIGTERM, then SIGKILL after `graceMs` if it is still there. */
  stop(graceMs: number): void;
}

const TAIL_LINES = 20;
const TAIL_CHARS = 4000;

/**
 * Starts the agent with piped stdio in its own process group: a Ctrl-C that the process runtime
 * sends to the host's group is the host's to turn into `session/cancel`, not a signal that kills
 * the agent. Its stderr is kept, the last lines only, for the `agent_exit` record line.
 */
export function startAgent(argv: readonly string[], cwd: string, env: Record<string, string>): AgentProcess {
  const [program, ...args] = argv;
  const child = spawn(program ?? "", args, { cwd, env, stdio: ["pipe", "pipe", "pipe"], detached: true });
  let tail = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    tail = lastLines(tail + chunk);
  });
  // An agent gone while the host still writes: the exit below says what happened, not EPIPE.
  child.stdin.on("error", () => undefined);
  const exited = new Promise<AgentExit>((resolve) => {
    child.once("error", (error) =>
      resolve({ code: null, signal: null, stderrTail: `cannot start ${program ?? ""}: ${error.message}` }),
    );
    child.once("close", (code, signal) => resolve({ code, signal, stderrTail: tail }));
  });
  let killTimer: NodeJS.Timeout | undefined;
  void exited.then(() => clearTimeout(killTimer));
  return {
    child,
    exited,
    stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      killTimer ??= setTimeout(() => child.kill("SIGKILL"), graceMs);
    },
  };
}

function lastLines(text: string): string {
  const lines = text.split("\n");
  return lines
    .slice(-TAIL_LINES - 1)
    .join("\n")
    .slice(-TAIL_CHARS);
}
