import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * What `ao session takeover` / `handback` ask of a session's ACP host (docs/acp.md, "Taking
 * over"): the request is written beside the record, then the host gets SIGUSR2 and reads it. A
 * file rather than two signals: Node keeps SIGUSR1 for its debugger, and a signal carries no word.
 */
export type ControlRequest = "takeover" | "handback";

/** The request file of a record (`acp/<session>.jsonl` → `acp/<session>.control`). */
export function controlRequestPath(recordPath: string): string {
  return recordPath.replace(/\.jsonl$/u, ".control");
}

/** Writes the request whole (a temp file renamed over it), so the host never reads half of it. */
export function writeControlRequest(recordPath: string, request: ControlRequest): void {
  const path = controlRequestPath(recordPath);
  writeFileSync(`${path}.tmp`, request, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

/** The host takes the request: reads and removes it; undefined when there is none or it is not a request. */
export function takeControlRequest(recordPath: string): ControlRequest | undefined {
  const path = controlRequestPath(recordPath);
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
  rmSync(path, { force: true });
  return text === "takeover" || text === "handback" ? text : undefined;
}
