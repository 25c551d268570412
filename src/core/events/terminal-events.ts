import type { EventBase } from "./event-base.js";

/**
 * A person took control of a session's pane in the dashboard's terminal: from now their keys reach
 * the agent and their window may size the pane. `control` names the control in these events; the
 * credential that allows input is never in the feed.
 */
export interface TerminalControlTaken extends EventBase {
  type: "terminal.control_taken";
  payload: {
    /** This control's public name (`c-…`), the same in its input, resize and release events. */
    control: string;
    /** The control it took over from, when someone else held it. */
    replaced: string | null;
  };
}

/** Control of the pane ended: the pane is read-only again and got its own size back. */
export interface TerminalControlReleased extends EventBase {
  type: "terminal.control_released";
  payload: {
    /** The control that ended. */
    control: string;
    /** `released` by the person, `taken_over` by another, `viewer_left` (page closed), `pane_ended`. */
    reason: "released" | "taken_over" | "viewer_left" | "pane_ended";
    /** How many inputs the person sent while in control. */
    inputs: number;
    /** How many bytes those inputs held in all. */
    bytes: number;
    /** The pane had been resized for them and was given its own size back. */
    sizeRestored: boolean;
  };
}

/**
 * A person typed into the agent's pane. Only the size: keys may be a password or a token, and a
 * hash would not hide them (a hash of one keystroke is found by trying all 256 bytes).
 */
export interface TerminalInput extends EventBase {
  type: "terminal.input";
  payload: {
    /** The control the input came through. */
    control: string;
    /** How many bytes reached the pane. */
    bytes: number;
  };
}

/** The pane was resized to the window of the person in control (the agent's program reflows). */
export interface TerminalResized extends EventBase {
  type: "terminal.resized";
  payload: {
    /** The control whose window the pane now fits. */
    control: string;
    /** The pane's new width in columns. */
    cols: number;
    /** The pane's new height in rows. */
    rows: number;
  };
}

/** A person's control of a session's pane through the dashboard's terminal (core/terminal). */
export type TerminalEvent = TerminalControlTaken | TerminalControlReleased | TerminalInput | TerminalResized;
