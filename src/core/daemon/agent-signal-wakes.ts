import { closeSync, openSync, readSync, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import type { AgentSignals } from "../slots/index.js";
import type { Session } from "../store/index.js";
import type { DirWatch } from "./dir-watch.js";

/** At most this much of what was appended is read per notification; a longer burst is read next time. */
const MAX_READ_BYTES = 256 * 1024;

interface WatchedFile {
  readonly dir: string;
  readonly name: string;
  readonly listener: () => void;
}

/**
 * An agent's own signals (`Agent.signals`: Claude Code's Stop, StopFailure, Notification and
 * SessionEnd hooks, as ao's hook recorder appends them): the file they go to is watched, and what
 * was appended since the last look is read; a line the agent says matters wakes the session's
 * cycle, so a dialog waiting for a person or a usage limit is acted on at once. A tool call's line
 * wakes nothing: a busy agent writes one a second, and its status can wait for the poll.
 */
export class AgentSignalWakes {
  readonly #watched = new Map<string, WatchedFile | undefined>();

  constructor(
    private readonly dirs: DirWatch,
    private readonly agentOf: (session: Session) => Promise<{ signals?: AgentSignals } | undefined>,
    private readonly wake: (sessionId: string) => void,
  ) {}

  async sync(sessions: readonly Session[]): Promise<void> {
    const wanted = new Set(sessions.map((session) => session.id));
    for (const [id, watched] of this.#watched) if (!wanted.has(id)) this.#forget(id, watched);
    for (const session of sessions) {
      if (this.#watched.has(session.id) || session.worktree === "") continue;
      const signals = (await this.agentOf(session).catch(() => undefined))?.signals;
      this.#watched.set(
        session.id,
        signals === undefined ? undefined : this.#watch(session.id, signals, session.worktree),
      );
    }
  }

  close(): void {
    for (const [id, watched] of this.#watched) this.#forget(id, watched);
  }

  #watch(id: string, signals: AgentSignals, worktree: string): WatchedFile | undefined {
    const file = signals.file(worktree);
    let cursor = sizeOf(file);
    const listener = () => {
      const { lines, next } = readAppended(file, cursor);
      cursor = next;
      if (lines.some((line) => signals.wakes(line))) this.wake(id);
    };
    const [dir, name] = [dirname(file), basename(file)];
    return this.dirs.add(dir, name, listener) ? { dir, name, listener } : undefined;
  }

  #forget(id: string, watched: WatchedFile | undefined): void {
    if (watched !== undefined) this.dirs.remove(watched.dir, watched.name, watched.listener);
    this.#watched.delete(id);
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The whole lines appended after `from`; a file that shrank was replaced and is read from its start. */
export function readAppended(file: string, from: number): { lines: string[]; next: number } {
  const size = sizeOf(file);
  const start = size < from ? 0 : from;
  if (size === start) return { lines: [], next: start };
  const buffer = Buffer.alloc(Math.min(size - start, MAX_READ_BYTES));
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return { lines: [], next: start };
  }
  try {
    readSync(fd, buffer, 0, buffer.length, start);
  } finally {
    closeSync(fd);
  }
  const complete = buffer.lastIndexOf(0x0a) + 1;
  const lines = buffer.subarray(0, complete).toString("utf8").split("\n").filter(Boolean);
  return { lines, next: start + complete };
}
