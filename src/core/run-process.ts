import { spawn } from "node:child_process";

/** What one finished child process left behind, before exec.ts turns it into an ExecResult. */
export interface ProcessOutcome {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  notFound: boolean;
  /** A signal or spawn error ended it rather than an exit code. */
  abnormal: boolean;
}

export interface RunProcessOptions {
  cwd?: string | undefined;
  env: Record<string, string>;
  input?: string | Uint8Array | undefined;
  timeoutMs?: number | undefined;
}

/** After SIGTERM at the timeout, a child that ignores it gets SIGKILL this much later. */
const KILL_GRACE_MS = 2000;

/**
 * Runs `file` with `args` (never through a shell) to completion. Built on node:child_process rather
 * than execa: importing execa alone cost more than a whole `ao --version` (docs/architecture.md), and
 * ao needs only argv, env, cwd, stdin input and a timeout.
 */
export function runProcess(
  file: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    let spawnError: NodeJS.ErrnoException | undefined;
    const timers = startTimeout(child, options.timeoutMs, () => (timedOut = true));
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    // A child that exits without reading its stdin makes the write fail with EPIPE; that is its business.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
    child.on("error", (error: NodeJS.ErrnoException) => (spawnError = error));
    child.on("close", (code, signal) => {
      for (const timer of timers) clearTimeout(timer);
      resolve({
        exitCode: code ?? undefined,
        stdout: withoutFinalNewline(Buffer.concat(stdout).toString("utf8")),
        stderr: withoutFinalNewline(Buffer.concat(stderr).toString("utf8")),
        timedOut,
        notFound: spawnError?.code === "ENOENT",
        abnormal: code === null || signal !== null || spawnError !== undefined,
      });
    });
  });
}

function startTimeout(
  child: ReturnType<typeof spawn>,
  timeoutMs: number | undefined,
  onTimeout: () => void,
): NodeJS.Timeout[] {
  if (timeoutMs === undefined) return [];
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setTimeout(() => {
      onTimeout();
      child.kill("SIGTERM");
      timers.push(setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS));
    }, timeoutMs),
  );
  return timers;
}

function withoutFinalNewline(text: string): string {
  if (text.endsWith("\r\n")) return text.slice(0, -2);
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}
