import type { Agent } from "./agent.js";
import type { Lifecycle } from "./lifecycle.js";
import type { Notifier } from "./notifier.js";
import type { Runtime } from "./runtime.js";
import type { Scm } from "./scm.js";
import type { Terminal } from "./terminal.js";
import type { Tracker } from "./tracker.js";
import type { Workspace } from "./workspace.js";

export type * from "./agent.js";
export type * from "./lifecycle.js";
export type * from "./mcp-server.js";
export type * from "./notifier.js";
export type * from "./pane.js";
export type * from "./remote-session.js";
export type * from "./runtime.js";
export type * from "./scm.js";
export type * from "./terminal.js";
export type * from "./tracker.js";
export type * from "./turns.js";
export type * from "./usage.js";
export type * from "./workspace.js";
export { AGENT_ACTIVITIES, QUESTION_OPTION_KINDS } from "./agent.js";
export { NOTIFICATION_PRIORITIES } from "./notifier.js";
export { ENDED_TURN_STATUSES, REPLY_SOURCES, TOOL_KINDS, TURN_ORIGINS, TURN_STATUSES } from "./turns.js";
export { SESSION_STATUSES, isSessionStatus } from "./session-status.js";
export { REQUIRED_METHODS } from "./required-methods.js";

/** The interface each slot's plugins implement. */
export interface SlotInterfaces {
  runtime: Runtime;
  agent: Agent;
  workspace: Workspace;
  tracker: Tracker;
  scm: Scm;
  notifier: Notifier;
  terminal: Terminal;
  lifecycle: Lifecycle;
}
