import { closeSync, openSync, readdirSync, readSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type { ActivityReport } from "../../../core/plugin-api.js";
import { parseObject, readRecentEvents, stringField } from "../_shared/agent-events.js";

/**
 * Codex records each conversation in `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`;
 * its first line is `session_meta` with the conversation id and the cwd it ran in. Codex writes the
 * file when the first turn starts, so before that there is nothing to find.
 */
export interface Rollout {
  file: string;
  sessionId: string;
}

/** Newest-first, so a session with many days of history is found without listing every day. */
const MAX_FILES_SCANNED = 500;

/** The newest rollout whose conversation ran in `worktree`, or the one named by `knownId`. */
export function findRollout(codexHome: string, worktree: string, knownId?: string): Rollout | undefined {
  const cwds = new Set([worktree, realPath(worktree)]);
  let scanned = 0;
  for (const file of rolloutFilesNewestFirst(join(codexHome, "sessions"))) {
    if (knownId !== undefined && file.endsWith(`-${knownId}.jsonl`)) return { file, sessionId: knownId };
    if (knownId === undefined) {
      const meta = readSessionMeta(file);
      if (meta && cwds.has(meta.cwd)) return { file, sessionId: meta.id };
    }
    scanned += 1;
    if (scanned >= MAX_FILES_SCANNED) return undefined;
  }
  return undefined;
}

/** Codex records the canonical cwd; ao may know the worktree by a path with symlinks in it. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function* rolloutFilesNewestFirst(sessionsDir: string): Generator<string> {
  for (const year of listDesc(sessionsDir)) {
    for (const month of listDesc(join(sessionsDir, year))) {
      for (const day of listDesc(join(sessionsDir, year, month))) {
        const dir = join(sessionsDir, year, month, day);
        for (const name of listDesc(dir)) {
          if (name.startsWith("rollout-") && name.endsWith(".jsonl")) yield join(dir, name);
        }
      }
    }
  }
}

function listDesc(dir: string): string[] {
  try {
    return readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
}

function readSessionMeta(file: string): { id: string; cwd: string } | undefined {
  const first = parseObject(readFirstLine(file));
  if (stringField(first, "type") !== "session_meta") return undefined;
  const payload = first?.["payload"] as Record<string, unknown> | undefined;
  const id = stringField(payload, "id");
  const cwd = stringField(payload, "cwd");
  return id !== undefined && cwd !== undefined ? { id, cwd } : undefined;
}

/**
 * session_meta carries Codex's base instructions, so the first line is tens of kilobytes; it is read
 * in chunks up to its newline (with a cap, so a broken file cannot make a probe read gigabytes).
 */
function readFirstLine(file: string, chunkBytes = 64 * 1024, maxBytes = 4 * 1024 * 1024): string {
  const fd = openSync(file, "r");
  try {
    const chunks: Buffer[] = [];
    for (let offset = 0; offset < maxBytes; offset += chunkBytes) {
      const buffer = Buffer.alloc(chunkBytes);
      const read = readSync(fd, buffer, 0, chunkBytes, offset);
      const newline = buffer.subarray(0, read).indexOf(10);
      chunks.push(buffer.subarray(0, newline === -1 ? read : newline));
      if (newline !== -1 || read < chunkBytes) break;
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/**
 * Activity from the newest turn event in the rollout: `task_started` opens a turn, `task_complete`
 * and `turn_aborted` close it.
 */
export function activityFromRollout(file: string): ActivityReport | undefined {
  const events = readRecentEvents(file);
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const payload = events[index]?.["payload"] as Record<string, unknown> | undefined;
    switch (stringField(payload, "type")) {
      case "task_started":
        return { activity: "working", detail: "turn started" };
      case "task_complete":
        return { activity: "idle", detail: "turn complete" };
      case "turn_aborted":
        return { activity: "idle", detail: "turn aborted" };
    }
  }
  return undefined;
}
