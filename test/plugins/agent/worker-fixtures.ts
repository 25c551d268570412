import type { McpServerSpec } from "../../../src/core/slots/index.js";

/** ao's worker MCP server as core hands it to an agent (the shape mcp-core's spawn step builds). */
export const WORKER_SERVER: McpServerSpec = {
  name: "ao",
  command: "/usr/bin/node",
  args: [
    "/opt/ao/bin/ao.js",
    "mcp",
    "--worker",
    "--secret-file",
    "/home/me/.ao/control/workers/app-1.secret",
  ],
  env: { AO_HOME: "/home/me/.ao" },
  tools: ["orch_report"],
};

/** Every permission-bypass flag of the agent CLIs ao knows; a worker's argv has none of them. */
export const BYPASS_FLAGS = [
  "--dangerously-skip-permissions",
  "--allow-dangerously-skip-permissions",
  "--dangerously-bypass-approvals-and-sandbox",
  "--yolo",
  "--yes-always",
];
