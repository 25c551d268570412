import { randomUUID } from "node:crypto";
import {
  AoError,
  type DeliverOptions,
  type DeliveryResult,
  type RuntimeKey,
} from "../../../core/plugin-api.js";
import type { TmuxClient } from "../../_shared/tmux-client.js";
import { classifyTmuxFailure, tmuxComplaint } from "../../_shared/tmux-errors.js";
import { agentPaneTarget } from "../../_shared/tmux-target.js";
import { pollUntil, type Waits } from "../_shared/poll-until.js";
import { probePane } from "./pane-probe.js";
import { arrivalNeedle, sanitizePasteText, showsArrival } from "./screen-text.js";

export interface DeliverSettings {
  /** How long the pasted text may take to show on screen. */
  arrivalTimeoutMs: number;
  /** How long to watch for a reaction to the first Enter; doubles for each retry. */
  submitConfirmMs: number;
  /** Extra Enters after the first one, when the screen did not react. */
  submitRetries: number;
  pollMs: number;
  /** false: press Enter once and return without watching for the reaction (`ao send --no-wait`). */
  confirm: boolean;
  /** Awaited right before the paste (or the bare Enter of an empty message): core's last word first. */
  beforePaste?: (() => void | Promise<void>) | undefined;
}

/**
 * Paste once, see it arrive, press Enter, see the screen react; if it does not, press Enter again
 * (bounded), never paste again: a second paste would give the agent the message twice. Without
 * `confirm`, the paste is still seen to arrive before the one Enter, so the text is never lost.
 */
/** The runtime options delivery reads (tmux's, and those of runtimes with tmux inside). */
export interface PaneDeliveryOptions {
  deliverTimeoutMs: number;
  submitConfirmMs: number;
  submitRetries: number;
}

const POLL_MS = 100;

/** The settings of one delivery from a runtime's options and the caller's `confirm`. */
export function deliverSettings(options: PaneDeliveryOptions, deliver?: DeliverOptions): DeliverSettings {
  return {
    arrivalTimeoutMs: options.deliverTimeoutMs,
    submitConfirmMs: options.submitConfirmMs,
    submitRetries: options.submitRetries,
    pollMs: POLL_MS,
    confirm: deliver?.confirm !== false,
    beforePaste: deliver?.beforePaste,
  };
}

export async function deliverToPane(
  client: TmuxClient,
  session: string,
  text: string,
  settings: DeliverSettings,
  waits: Waits,
): Promise<DeliveryResult> {
  const target = agentPaneTarget(session);
  await leaveModes(client, session, waits);
  const message = sanitizePasteText(text);
  const before = await snapshot(client, target);
  await settings.beforePaste?.();
  // Nothing to paste (an empty message) is a bare Enter: still submitted and confirmed.
  if (message === "") return submit(client, target, before, settings, waits);
  await pasteOnce(client, session, target, message);
  const needle = arrivalNeedle(message);
  const poll = { timeoutMs: settings.arrivalTimeoutMs, intervalMs: settings.pollMs };
  const arrived = await pollUntil(
    async () => {
      const now = await snapshot(client, target);
      return showsArrival(before, now, needle) ? now : undefined;
    },
    poll,
    waits,
  );
  if (arrived === undefined) {
    return {
      confirmed: false,
      submitted: false,
      attempts: 0,
      reason: `the pasted text did not show in ${session} (not submitted)`,
    };
  }
  return submit(client, target, await settled(client, target, arrived, settings, waits), settings, waits);
}

/** One Enter, out of copy mode first, with no paste and no confirmation (runtime.submit). */
export function submitOnce(client: TmuxClient, session: string, waits: Waits): Promise<void> {
  return pressOnce(client, session, "Enter", waits);
}

/** One key (tmux's own key names: Enter, Escape, C-c), out of copy mode first (runtime.press). */
export async function pressOnce(
  client: TmuxClient,
  session: string,
  key: RuntimeKey,
  waits: Waits,
): Promise<void> {
  await leaveModes(client, session, waits);
  const target = agentPaneTarget(session);
  const pressed = await client.run([["send-keys", "-t", target, key]]);
  if (pressed.failed) throw tmuxFailed(`press ${key} in ${target}`, pressed.stderr);
}

/** A person may have left the pane in copy mode; keys would scroll instead of reaching the agent. */
async function leaveModes(client: TmuxClient, session: string, waits: Waits): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const probe = await probePane(client, session, waits);
    if (probe.kind === "missing") throw notRunning(session, "does not exist");
    if (probe.kind === "unknown")
      throw new AoError("E_EXEC_FAILED", `cannot reach tmux session ${session}: ${probe.reason}`);
    if (probe.dead) throw notRunning(session, "has exited");
    if (!probe.inMode) return;
    if (attempt === 3) throw new AoError("E_EXEC_FAILED", `tmux session ${session} stays in copy mode`);
    await client.run([["send-keys", "-t", agentPaneTarget(session), "-X", "cancel"]]);
  }
}

/**
 * load-buffer reads the text from stdin (never a command line) into a buffer of its own, and
 * paste-buffer -d deletes it: -p brackets the paste when the app asked for bracketed paste, -r
 * keeps LF as LF instead of turning it into CR (Enter). Both are one tmux invocation, which the
 * server runs through once it has the text: an ao killed in between (kill -9, Ctrl-C) left the
 * message in a buffer of the server, unpasted, for good.
 */
async function pasteOnce(
  client: TmuxClient,
  session: string,
  target: string,
  message: string,
): Promise<void> {
  const buffer = `ao-${session}-${randomUUID()}`;
  const pasted = await client.run(
    [
      ["load-buffer", "-b", buffer, "-"],
      ["paste-buffer", "-p", "-r", "-d", "-b", buffer, "-t", target],
    ],
    { input: message },
  );
  if (pasted.failed) {
    await client.run([["delete-buffer", "-b", buffer]]);
    throw tmuxFailed(`paste into ${session}`, pasted.stderr);
  }
}

const NOT_WAITED = "Enter was pressed once; whether the agent started on it was not checked";

async function submit(
  client: TmuxClient,
  target: string,
  before: string,
  settings: DeliverSettings,
  waits: Waits,
): Promise<DeliveryResult> {
  for (let attempt = 1; attempt <= 1 + settings.submitRetries; attempt += 1) {
    const pressed = await client.run([["send-keys", "-t", target, "Enter"]]);
    if (pressed.failed) throw tmuxFailed(`press Enter in ${target}`, pressed.stderr);
    if (!settings.confirm) return { confirmed: false, submitted: true, attempts: 1, reason: NOT_WAITED };
    const timeoutMs = settings.submitConfirmMs * 2 ** (attempt - 1);
    const changed = await pollUntil(
      async () => ((await snapshot(client, target)) !== before ? true : undefined),
      { timeoutMs, intervalMs: settings.pollMs },
      waits,
    );
    if (changed) return { confirmed: true, submitted: true, attempts: attempt };
  }
  const attempts = 1 + settings.submitRetries;
  return {
    confirmed: false,
    submitted: true,
    attempts,
    reason: `the screen did not react to Enter (${String(attempts)} tries)`,
  };
}

/**
 * Waits until the echo of a long paste stops, so its tail is not mistaken for a reaction to Enter.
 * Bounded by the submit window: a screen that never stands still (a spinner) must not hold Enter back.
 */
async function settled(
  client: TmuxClient,
  target: string,
  first: string,
  settings: DeliverSettings,
  waits: Waits,
): Promise<string> {
  let previous = first;
  const stable = await pollUntil(
    async () => {
      const now = await snapshot(client, target);
      if (now === previous) return now;
      previous = now;
      return undefined;
    },
    { timeoutMs: settings.submitConfirmMs, intervalMs: settings.pollMs },
    waits,
  );
  return stable ?? previous;
}

/** The visible screen plus the cursor position: Enter usually moves the cursor even when little else changes. */
async function snapshot(client: TmuxClient, target: string): Promise<string> {
  const result = await client.run([
    ["capture-pane", "-p", "-J", "-t", target],
    ["display-message", "-p", "-t", target, "#{cursor_x},#{cursor_y}"],
  ]);
  // A session that ended on Enter reacted to it: where it leaves no dead pane behind (a pod whose
  // container ends with its agent), the screen is gone, which differs from any screen before.
  if (result.failed && classifyTmuxFailure(result.stderr, result.timedOut) === "missing") return SCREEN_GONE;
  if (result.failed) throw tmuxFailed(`read the screen of ${target}`, result.stderr);
  return result.stdout;
}

const SCREEN_GONE = "\u0000the session ended\u0000";

function notRunning(session: string, why: string): AoError {
  return new AoError("E_NOT_FOUND", `session ${session} ${why}; nothing was delivered`, {
    hint: "restore the session or start a new one, then send again",
  });
}

function tmuxFailed(what: string, stderr: string): AoError {
  return new AoError("E_EXEC_FAILED", `tmux could not ${what}: ${tmuxComplaint(stderr, "unknown error")}`);
}
