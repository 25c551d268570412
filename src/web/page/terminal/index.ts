/** The dashboard's live terminal: what the session page mounts (docs/dashboard.md, "Terminal"). */
export { mountTerminal, type MountedTerminal } from "./mount-terminal.js";
