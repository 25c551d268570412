/** The host of an ACP session (`ao acp-host`, docs/acp.md): what the CLI command runs. */
export { runAcpHost, type HostInput, type HostTerminal } from "./host.js";
export { parseAutoAllow } from "./auto-allow.js";
