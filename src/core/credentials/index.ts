/**
 * The control plane's secrets (docs/control-plane.md): commander tokens and worker secrets minted,
 * stored as hashes and checked, and a worker's secret file with the MCP server its agent is handed.
 * Below sessions (a worker is enrolled at spawn), plans and control, which all use them.
 */
export { authenticateCommander, authenticateWorker } from "./credentials.js";
