/**
 * A live view onto a session's pane: what the dashboard's terminal shows. An optional runtime
 * capability (`Runtime.attachPane`): a runtime with a screen (tmux) offers it, one without (a plain
 * child process) does not, and the dashboard then says "this runtime has no pane" instead of showing
 * a blank terminal. Core shares one attachment among every viewer of a session (core/terminal).
 */

/** Columns × rows of a pane. */
export interface PaneSize {
  cols: number;
  rows: number;
}

/** The pane as it is now, for a viewer joining: replaying `data` draws it (cursor included). */
export interface PaneScreen {
  size: PaneSize;
  /** Escape sequences and text that clear a terminal and draw the screen, cursor left in place. */
  data: Uint8Array;
}

/**
 * What an attachment reports, in the order it happened: a screen asked for with `requestScreen`,
 * then every byte the pane printed after it, size changes, and the end.
 */
export type PaneEvent =
  | { kind: "screen"; screen: PaneScreen }
  | { kind: "output"; data: Uint8Array }
  | { kind: "size"; size: PaneSize }
  | { kind: "end"; reason: string };

export interface PaneAttachment {
  /** Events after this call, in order; `end` comes once and is the last. */
  listen(listener: (event: PaneEvent) => void): void;
  /** Asks for a `screen` event; output reported after it was printed after that screen. */
  requestScreen(): void;
  /** Types bytes into the pane as keys, uninterpreted. Rejects once the attachment ended. */
  write(data: Uint8Array): Promise<void>;
  /**
   * Resizes the pane (the agent's program reflows): core calls it only for a person who took
   * control. `null` gives the pane back the size and sizing rules it had before the first resize.
   */
  resize(size: PaneSize | null): Promise<void>;
  /** Detaches without touching the session; idempotent. Attaching alone never resizes the pane. */
  close(): Promise<void>;
}
