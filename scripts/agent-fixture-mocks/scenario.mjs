// What a loopback model mock does with one request, chosen by words in the newest human prompt, so
// one recording run can make a real CLI complete, fail, answer nothing and be interrupted:
//   "create a file"   a tool call (to record the permission / approval prompt)
//   "Reply with nothing"   an answer with no text (an empty turn)
//   "Use a retired model"  HTTP 404, the provider's "model not found" error
//   "Use a bad key"        HTTP 401, the provider's authentication error
//   "Take your time"       the first words at once, the rest only after SLOW_MS (to interrupt a
//                          turn that is busy answering)
//   "Think it over"        nothing at all until SLOW_MS (to interrupt a turn before its first word)
//   "Hit the rate limit once"  HTTP 429 with retry-after (RETRY_AFTER_S) for the first request of the
//                          prompt, then the reply (a rate limit the CLI retries past)
//   "Hit the rate limit"   HTTP 429 with retry-after, every time (a rate limit the CLI gives up on)
//   "Edit the file <path>"  a tool call that writes <path>, then (after its result) one that runs
//                          `touch ran.txt`, then the text "Done." (editStep says which; for ACP recordings)
//   anything else          the text "Hello from the mock model."
import { setTimeout, clearTimeout } from "node:timers";

export const REPLY_TEXT = "Hello from the mock model.";
export const SLOW_MS = 90_000;
export const SLOW_START = "Let me think this through.";
/** The `retry-after` (seconds) a rate-limited answer carries. */
export const RETRY_AFTER_S = 20;

/** @returns {"edit_and_run" | "tool" | "empty" | "not_found" | "unauthorized" | "rate_limited_once" | "rate_limited" | "slow" | "silent" | "reply"} */
export function scenarioFor(promptText) {
  if (promptText.includes("Edit the file")) return "edit_and_run";
  if (promptText.includes("create a file")) return "tool";
  if (promptText.includes("Reply with nothing")) return "empty";
  if (promptText.includes("Use a retired model")) return "not_found";
  if (promptText.includes("Use a bad key")) return "unauthorized";
  if (promptText.includes("Hit the rate limit once")) return "rate_limited_once";
  if (promptText.includes("Hit the rate limit")) return "rate_limited";
  if (promptText.includes("Take your time")) return "slow";
  if (promptText.includes("Think it over")) return "silent";
  return "reply";
}

/** Sends `body` after `ms`, unless the client went away first (an interrupted turn closes it). */
export function later(res, ms, send) {
  const timer = setTimeout(send, ms);
  res.on("close", () => clearTimeout(timer));
}

/**
 * The step of an "Edit the file <path>" turn after `toolResults` tool results: write the file, run
 * `touch ran.txt`, then answer. The path is the prompt's (the mock knows no working directory).
 */
export function editStep(promptText, toolResults) {
  const path = /Edit the file (\S+)/.exec(promptText)?.[1] ?? "notes.txt";
  if (toolResults === 0) return { kind: "write", path, content: "Notes from the mock model.\n" };
  // Not a read-only command: Claude Code runs `ls` without asking, `touch` it asks about.
  if (toolResults === 1) return { kind: "run", command: "touch ran.txt" };
  return { kind: "text", text: "Done." };
}
