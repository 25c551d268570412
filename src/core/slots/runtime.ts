import type { PaneAttachment } from "./pane.js";
import type { RemoteSession } from "./remote-session.js";
import type { RuntimeKey } from "./turns.js";

/**
 * runtime: where an agent process lives (tmux, a plain child process, later docker). The core only
 * needs to start it, ask whether it is alive, hand it text, and stop it; reading its screen is an
 * optional capability that agents use to tell working from waiting.
 */

/** What the store keeps to find a session again, across ao restarts. Plain strings only. */
export interface RuntimeHandle {
  /** The runtime plugin's name, so a handle is never given to the wrong runtime. */
  runtime: string;
  /** The runtime's own identifier (a tmux session name, a pid). */
  id: string;
  /** Whatever else the runtime needs to find the session (socket path, pid start time). */
  data?: Record<string, string>;
}

/**
 * Where a session's agent runs when that is not simply this machine's tmux: what it is (`container`,
 * `pod`), its name on the engine or cluster, and the machine it is on when the runtime knows it.
 */
export interface RuntimePlacement {
  kind: string;
  name: string;
  node?: string | undefined;
}

export interface RuntimeCreateInput {
  sessionId: string;
  /** The directory the process starts in (the session's workspace). */
  cwd: string;
  /** The program and its arguments; never a shell string. */
  argv: string[];
  /**
   * Extra environment for the process only. It may hold secrets: a runtime passes it to the process
   * without writing it where others can read it (argv, tmux's global or session environment, logs).
   */
  env: Record<string, string>;
  /**
   * Host files `argv` names (the prompt file, an MCP config): a runtime whose session does not see
   * this machine's files (`remote.checkout === "session"`, a container without the path mounted)
   * makes each one exist at the same path in the session, read-only. Host runtimes have them already.
   */
  files?: readonly string[] | undefined;
  /**
   * A program on this machine (argv, ao's own: its node, its entry script, the session id) to run
   * once when the agent's process ends, so a running daemon sees the exit at once instead of at its
   * next poll. Best effort: a runtime runs it where it can (tmux: the `pane-died` hook) and leaves
   * it out where the session cannot reach this machine (docker, kubernetes); the lifecycle's poll
   * sees the exit either way.
   */
  onExit?: readonly string[] | undefined;
}

/**
 * Four different answers, deliberately: `unknown` means the probe itself failed (tmux server busy,
 * permission error) and must never be read as "dead".
 */
export type Liveness =
  | {
      state: "alive";
      /**
       * The agent's process id on this machine, when the runtime runs it here and knows it (tmux:
       * the pane's process): ao measures the memory of its process tree (admission, `ao status` MEM).
       */
      pid?: number | undefined;
      /**
       * Optional, from `livenessMany`: an opaque value that stays the same exactly as long as the
       * session's screen does — two looks with the same stamp would `capture` the same text (tmux:
       * the second of the pane's last output and its size, given once that second is over). The
       * daemon reads a screen again only when the stamp changed (docs/daemon.md, "What a cycle
       * looks at"). Leave it out when the runtime cannot promise that.
       */
      screenStamp?: string | undefined;
    }
  | {
      state: "exited";
      exitCode: number | null;
      /** Why, when the runtime knows more than the code (a pod's OOMKilled, Error, Evicted). */
      reason?: string;
    }
  | { state: "missing" }
  | { state: "unknown"; reason: string };

export interface DeliveryResult {
  /** True only when the runtime saw the text arrive and the submit take effect. */
  confirmed: boolean;
  /**
   * The text arrived and submit was pressed (a pipe: every byte and the newline were written),
   * whether or not the runtime then saw it take effect. Runtimes without it: read `confirmed`.
   */
  submitted?: boolean;
  /** How many times submit was pressed; the text itself is pasted exactly once. */
  attempts: number;
  /** Why delivery is unconfirmed, for the person reading `ao send`'s output. */
  reason?: string;
}

export interface DeliverOptions {
  /**
   * Default true: after submitting, wait until the session reacts (the agent started a turn), and
   * press submit again when it does not. false: paste, wait until the text arrives (it is never
   * lost), submit once and return without waiting for the reaction (`ao send --no-wait`).
   */
  confirm?: boolean | undefined;
  /**
   * Called and awaited right before the text is handed to the session, after the checks that hand
   * it nothing (the session is there, out of copy mode, its screen read). Core stores the turn's
   * cursor there, so a process killed before it provably pasted nothing and the turn is delivered
   * again. Passed only to a runtime that says it calls it (`announcesPaste`).
   */
  beforePaste?: (() => void | Promise<void>) | undefined;
}

export interface CaptureOptions {
  /** At most this many lines, the last ones, trailing blank lines removed. */
  lines: number;
}

export interface Runtime {
  /** Starts the process; resolves once it runs. */
  create(input: RuntimeCreateInput): Promise<RuntimeHandle>;
  /** Never throws for a session it does not know: that is `missing`. */
  liveness(handle: RuntimeHandle): Promise<Liveness>;
  /**
   * Optional: the liveness of many sessions in one probe (one `tmux list-panes -a` instead of N
   * calls), answered in the order of `handles`, with the same four answers as `liveness`. `ao status`
   * uses it when present and falls back to one `liveness` call per session.
   */
  livenessMany?(handles: readonly RuntimeHandle[]): Promise<Liveness[]>;
  /**
   * Pastes `text` once (multi-line text arrives as one message, byte for byte, uninterpreted), then
   * submits and confirms; a retry presses submit again, it never pastes twice. With `confirm: false`
   * it submits once and does not wait for the reaction. Rejects with an AoError (E_NOT_FOUND) when
   * the session is not running.
   */
  deliver(handle: RuntimeHandle, text: string, options?: DeliverOptions): Promise<DeliveryResult>;
  /**
   * Optional: true when `deliver` calls `options.beforePaste` before it hands the session anything.
   * Without it core stores the turn's cursor before `deliver`, and a delivery killed before its paste
   * fails ("the agent shows no sign of the message") instead of being delivered again.
   */
  readonly announcesPaste?: boolean;
  /**
   * Optional: presses Enter (submit) once, nothing else; harmless on an empty prompt. Recovery uses
   * it for text that was pasted but never submitted. Runtimes whose writes are submitted by
   * construction (a pipe: text and newline in one write) do not need it.
   */
  submit?(handle: RuntimeHandle): Promise<void>;
  /**
   * Optional: presses one key in the session (Escape or Ctrl-C to interrupt a turn). Rejects with
   * E_NOT_FOUND when the session is not running.
   */
  press?(handle: RuntimeHandle, key: RuntimeKey): Promise<void>;
  /**
   * The visible text of the session (screen plus recent scrollback). Also of a session whose
   * process exited (liveness `exited`): core reads why an agent ended from it (`ao status`).
   */
  capture?(handle: RuntimeHandle, options: CaptureOptions): Promise<string>;
  /**
   * Optional: the screens of many sessions in one call (tmux: one client for all), in the order of
   * `handles`, each as `capture` returns it; `undefined` for a session whose screen could not be
   * read. The lifecycle uses it to read the screens a look needs without a process per session.
   */
  captureMany?(handles: readonly RuntimeHandle[], options: CaptureOptions): Promise<(string | undefined)[]>;
  /**
   * Optional: a live view onto the session's pane (slots/pane.ts), for the dashboard's terminal.
   * Attaching never resizes the pane. Rejects with E_NOT_FOUND when the session is not running.
   */
  attachPane?(handle: RuntimeHandle): Promise<PaneAttachment>;
  /** Idempotent: stopping a session that already ended or never existed resolves. */
  stop(handle: RuntimeHandle): Promise<void>;
  /**
   * Optional: the handle `create` will return for this session id, known before it runs (tmux: the
   * session's name on ao's socket). A spawn stores it first, so one killed while `create` runs
   * leaves a handle that cleanup can stop; without it that short window stays unrecorded.
   */
  handleFor?(sessionId: string): RuntimeHandle;
  /**
   * Optional: the program and arguments that attach a person's terminal to the session (run with
   * the terminal's own stdio, e.g. `podman exec -it <container> tmux attach`), for a session a
   * terminal plugin cannot reach by itself. Core hands it to the terminal (`ao session attach`).
   */
  attachCommand?(handle: RuntimeHandle): readonly string[];
  /**
   * Optional: where the session runs (its container, its pod and node), read from the handle alone,
   * without a call: `ao status` shows it beside the liveness. Runtimes on this machine leave it out.
   */
  placement?(handle: RuntimeHandle): RuntimePlacement | undefined;
  /**
   * Optional: run commands and move files in the session (slots/remote-session.ts). A runtime whose
   * sessions live elsewhere (a container, a pod) offers it; without it the session is this machine's
   * processes in the host checkout, and core's git calls run there.
   */
  remote?: RemoteSession;
}
