import { closeSync, openSync, readSync, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import type { AgentSignals, SignalSource } from "../slots/index.js";
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
 * An agent's own signals (`Agent.signals`: Claude Code's and Gemini CLI's hooks as ao's hook recorder
 * appends them, opencode's events from ao's plugin, Codex's rollout, an ACP host's record): the file
 * they go to is watched, and what was appended since the last look is read; a line the agent says
 * matters wakes the session's cycle, so a turn's end, a dialog waiting for a person or a usage limit
 * is acted on at once. A tool call's line wakes nothing: a busy agent writes one a second, and its
 * status can wait for the poll. A file the agent cannot name yet is asked for again at each sync.
 */
export class AgentSignalWakes {
  /** undefined: the session's agent has no signals, or its file cannot be watched. */
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
      if (signals === undefined) {
        this.#watched.set(session.id, undefined);
        continue;
      }
      const file = signals.file(sourceOf(session));
      if (file !== undefined) this.#watched.set(session.id, this.#watch(session.id, signals, file));
    }
  }

  close(): void {
    for (const [id, watched] of this.#watched) this.#forget(id, watched);
  }

  #watch(id: string, signals: AgentSignals, file: string): WatchedFile | undefined {
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

function sourceOf(session: Session): SignalSource {
  return {
    sessionId: session.id,
    worktree: session.worktree,
    agentSessionId: session.agentSessionId ?? undefined,
  };
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
  // A line longer than the window (a rollout's tool output) is skipped, not read again forever:
  // its rest then reads as a torn line, which no agent's `wakes` recognises.
  if (complete === 0 && buffer.length === MAX_READ_BYTES) return { lines: [], next: start + buffer.length };
  const lines = buffer.subarray(0, complete).toString("utf8").split("\n").filter(Boolean);
  return { lines, next: start + complete };
}
