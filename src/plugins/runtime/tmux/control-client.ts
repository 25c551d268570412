import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { AoError } from "../../../core/plugin-api.js";
import { ControlLineSplitter, controlLine, parseBlockGuard, type BlockGuard } from "./control-protocol.js";

/** A command's answer: its output lines (latin1, one char per byte) and whether tmux ran it. */
export interface ControlBlock {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

export interface ControlCommand {
  readonly argv: readonly string[];
  /**
   * How many lines the answer has, when an earlier answer of the same run says so: they are then
   * read as text whatever they look like, so a pane line such as `%end …` cannot end the block.
   */
  readonly lineCount?: (before: readonly ControlBlock[]) => number | undefined;
}

export interface ControlClientEvents {
  /** `%output %3 …`, `%layout-change …`: the word after `%` and the rest of the line. */
  notification(name: string, rest: string): void;
  /** Once: the client detached or its process ended. */
  exit(reason: string): void;
}

interface Pending {
  readonly command: ControlCommand;
  readonly run: ControlBlock[];
  readonly done?: (blocks: ControlBlock[]) => void;
}

export interface ControlClient {
  /**
   * Runs the commands in one line, so nothing happens on the server between them. `answered` is
   * called with the answers at their place in the stream: before any notification that came after.
   */
  run(
    commands: readonly ControlCommand[],
    answered?: (blocks: readonly ControlBlock[]) => void,
  ): Promise<ControlBlock[]>;
  close(): Promise<void>;
}

/**
 * `tmux -C attach` over plain pipes: no pty and no native addon. `-f ignore-size` keeps this client
 * out of the window's size, so attaching never reflows the agent's pane. Spawned directly rather
 * than through ctx.exec, which runs a command to its end: this one lives as long as a viewer does.
 * `command` is the program first (`tmux …`, or `podman exec -i <container> tmux …`), an array,
 * never a shell string; TMUX is unset so it works from inside tmux.
 */
export function startControlClient(
  command: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  events: ControlClientEvents,
): ControlClient {
  const cleanEnv = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith("TMUX"),
    ),
  );
  const [program = "tmux", ...argv] = command;
  const child = spawn(program, argv, { stdio: ["pipe", "pipe", "pipe"], env: cleanEnv });
  const parser = new BlockParser((name, rest) => events.notification(name, rest));
  let ended: string | undefined;
  let stderr = "";
  const end = (reason: string) => {
    if (ended !== undefined) return;
    ended = reason;
    parser.fail(reason);
    events.exit(reason);
  };
  child.stdout.on("data", (chunk: Buffer) => parser.push(chunk, end));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  child.stdin.on("error", () => undefined);
  child.on("error", (error) => end(`${program} could not start: ${error.message}`));
  child.on("close", (code) => end(stderr.trim().split("\n")[0] || `tmux exited with ${String(code)}`));
  return {
    run(commands, answered) {
      if (ended !== undefined) return Promise.reject(detached(ended));
      return new Promise((resolve) => {
        const run: ControlBlock[] = [];
        const done = (blocks: ControlBlock[]) => {
          answered?.(blocks);
          resolve(blocks);
        };
        commands.forEach((command, index) =>
          parser.expect({ command, run, ...(index === commands.length - 1 ? { done } : {}) }),
        );
        child.stdin.write(controlLine(commands.map((command) => command.argv)));
      });
    },
    close: () => closeChild(child, () => ended !== undefined),
  };
}

function detached(reason: string): AoError {
  return new AoError("E_NOT_FOUND", `the pane is no longer attached (${reason})`);
}

async function closeChild(child: ChildProcessWithoutNullStreams, gone: () => boolean): Promise<void> {
  if (gone()) return;
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  // End of stdin is how a control client detaches; a kill only for one that does not.
  child.stdin.end();
  const timer = setTimeout(() => child.kill("SIGTERM"), 2000);
  await closed;
  clearTimeout(timer);
}

/** Reads the client's stdout: answers (`%begin` … `%end`) in the order sent, notifications between. */
class BlockParser {
  private readonly lines = new ControlLineSplitter();
  private readonly queue: Pending[] = [];
  private open:
    { guard: BlockGuard; pending: Pending | undefined; lines: string[]; fixed?: number } | undefined;

  constructor(private readonly notify: (name: string, rest: string) => void) {}

  expect(pending: Pending): void {
    this.queue.push(pending);
  }

  push(chunk: Buffer, end: (reason: string) => void): void {
    for (const line of this.lines.push(chunk)) {
      if (this.open !== undefined) this.inBlock(line);
      else if (line === "%exit" || line.startsWith("%exit ")) end(line.slice(6) || "detached");
      else this.outside(line);
    }
  }

  fail(reason: string): void {
    for (const pending of this.queue.splice(0))
      pending.done?.([...pending.run, { ok: false, lines: [reason] }]);
  }

  private outside(line: string): void {
    const guard = parseBlockGuard(line);
    if (guard?.kind === "begin") {
      // Flags 0: a block tmux ran for the client itself (the attach), not one of ours.
      const pending = guard.flags === "0" ? undefined : this.queue.shift();
      const fixed = pending?.command.lineCount?.(pending.run);
      this.open = { guard, pending, lines: [], ...(fixed === undefined ? {} : { fixed }) };
      return;
    }
    const match = /^%([a-z-]+) ?(.*)$/.exec(line);
    if (match) this.notify(match[1] ?? "", match[2] ?? "");
  }

  private inBlock(line: string): void {
    const open = this.open!;
    if (open.fixed !== undefined && open.lines.length < open.fixed) {
      open.lines.push(line);
      return;
    }
    const guard = parseBlockGuard(line);
    if (guard === undefined || guard.kind === "begin" || guard.number !== open.guard.number) {
      open.lines.push(line);
      return;
    }
    this.open = undefined;
    const pending = open.pending;
    if (pending === undefined) return;
    pending.run.push({ ok: guard.kind === "end", lines: open.lines });
    pending.done?.(pending.run);
  }
}
