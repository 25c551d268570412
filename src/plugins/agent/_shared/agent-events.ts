import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import type { AgentSignals } from "../../../core/plugin-api.js";

/** Where ao keeps what it learns about a session's agent, inside the workspace (git-ignored). */
export const AO_WORKSPACE_DIR = ".ao";

export const AGENT_EVENTS_NAME = "agent-events.jsonl";

/** Hook and notify payloads, one JSON object a line, appended by the agent program itself. */
export function agentEventsFile(worktree: string): string {
  return join(worktree, AO_WORKSPACE_DIR, AGENT_EVENTS_NAME);
}

/**
 * `Agent.signals` for a CLI whose hooks or plugin ao records in the events file (hook-recorder.ts,
 * opencode's turn plugin): the lines whose `field` (a hook's `hook_event_name`, an opencode bus
 * event's `type`) is among `waking` wake the daemon for the session. One mechanism for every agent
 * that writes there: the daemon watches the file (core/daemon/agent-signal-wakes.ts).
 */
export function hookSignals(waking: readonly string[], field = "hook_event_name"): AgentSignals {
  const names = new Set(waking);
  return {
    file: ({ worktree }) => agentEventsFile(worktree),
    wakes: (line) => {
      try {
        const name: unknown = (JSON.parse(line) as Record<string, unknown> | null)?.[field];
        return typeof name === "string" && names.has(name);
      } catch {
        return false;
      }
    },
  };
}

/**
 * Only the tail is read: a long session appends an event per tool call, and the newest few are
 * all that activity and session id need.
 */
const TAIL_BYTES = 64 * 1024;

/** The parsed objects at the end of a JSONL file, oldest first; [] when there is none yet. */
export function readRecentEvents(file: string, tailBytes = TAIL_BYTES): Record<string, unknown>[] {
  const text = readTail(file, tailBytes);
  if (text === undefined) return [];
  const events: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    const parsed = parseObject(line);
    if (parsed) events.push(parsed);
  }
  return events;
}

function readTail(file: string, tailBytes: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - tailBytes);
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const text = buffer.toString("utf8");
    // A cut first line is half an object: drop it rather than misread it.
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } finally {
    closeSync(fd);
  }
}

/** A JSON object from one line, or undefined for anything else (blank, torn write, array). */
export function parseObject(line: string): Record<string, unknown> | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `record[key]` when it is a non-empty string. */
export function stringField(record: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = record?.[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}
