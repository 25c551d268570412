/** Session panes seen from outside (docs/dashboard.md): the dashboard's terminal and `ao open`. */

// One hub per daemon that shares each pane among its viewers.
export { createPaneHub, type PaneHub, type PaneViewerSink } from "./pane-hub.js";
export type { PaneControl } from "./pane-control.js";

// What the hub needs to know of a session's pane.
export { sessionPaneDeps, sessionPaneInfo } from "./session-pane.js";
