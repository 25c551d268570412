import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Liveness, TurnProbe } from "../../../src/core/slots/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/**
 * A recorded event log (hook payloads, plugin events) laid out as an agent's `.ao/agent-events.jsonl`
 * in a fresh worktree, with the byte offset of any of its lines: where a turn's cursor stands.
 */
export interface RecordedLog {
  worktree: string;
  file: string;
  lines: string[];
  /** The byte offset where the first line matching `test` starts (as `turnCursor` would have left it). */
  cursorBefore(test: (line: string) => boolean): string;
  /** The offset of the end of the log: a cursor taken after everything recorded. */
  end: string;
}

export function recordedLog(text: string): RecordedLog {
  const worktree = makeTempDir("ao-turns-");
  const file = join(worktree, ".ao", "agent-events.jsonl");
  mkdirSync(join(worktree, ".ao"));
  writeFileSync(file, text);
  const lines = text.split("\n");
  const offsets: number[] = [];
  let at = 0;
  for (const line of lines) {
    offsets.push(at);
    at += Buffer.byteLength(line) + 1;
  }
  return {
    worktree,
    file,
    lines,
    cursorBefore(test) {
      const index = lines.findIndex(test);
      if (index === -1) throw new Error("no such line in the recorded log");
      return String(offsets[index]);
    },
    end: String(Buffer.byteLength(text)),
  };
}

/** A turn probe at `now` with `cursor`, for a message that was delivered a moment before. */
export function turnProbe(
  worktree: string,
  cursor: string,
  now: number,
  liveness: Liveness = { state: "alive" },
): TurnProbe {
  return {
    sessionId: "app-1",
    worktree,
    liveness,
    cursor,
    message: { sha256: "0".repeat(64), bytes: 1 },
    deliveredAt: now,
    now,
  };
}
