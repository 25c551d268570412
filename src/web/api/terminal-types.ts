/**
 * The dashboard terminal's wire format (src/web/terminal serves it, src/web/page/terminal reads it).
 * Bytes travel as base64: pane output is raw bytes, split anywhere (even inside a UTF-8 character).
 */

/** `GET /api/sessions/:id/terminal`. */
export type TerminalInfo =
  | { session: string; pane: true; runtime: string }
  | { session: string; pane: false; runtime: string | null; reason: string };

/** The stream's messages (`GET /api/sessions/:id/terminal/stream`), by SSE event name. */
export interface TerminalStreamMessages {
  /** First: this open terminal's id, which `control` takes. */
  viewer: { viewer: string };
  /** The pane now (clear, draw, cursor); output follows it. Also after every size change. */
  screen: { cols: number; rows: number; data: string };
  /** Bytes the pane printed, base64. */
  output: { data: string };
  /** The pane's new size; a new `screen` follows. */
  size: { cols: number; rows: number };
  control: { held: boolean; mine: boolean };
  /** Last: the pane went away (session killed, detached). */
  end: { reason: string };
}

/** `POST …/terminal/control`: take control for this open terminal. */
export interface TakeControlRequest {
  viewer: string;
}
export interface TakeControlAnswer {
  /** The credential input and resize need; only this page gets it. */
  controlId: string;
  /** The control's public name, as events show it. */
  control: string;
}

/** `POST …/terminal/release`. */
export interface ReleaseControlRequest {
  controlId: string;
}

/** `POST …/terminal/input`: keys as the terminal produced them, base64. */
export interface TerminalInputRequest {
  controlId: string;
  data: string;
}
export interface TerminalInputAnswer {
  bytes: number;
}

/** `POST …/terminal/resize`: only with control. */
export interface TerminalResizeRequest {
  controlId: string;
  cols: number;
  rows: number;
}
