import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type ControlContext, reportToCommander } from "../core/control/index.js";
import { toolAnswer } from "./tool-result.js";
import { orchReportInput, orchReportOutput } from "./tool-schemas.js";

/**
 * The one tool a worker's CLI is handed: `orch_report`, authorised by the worker's secret (read
 * from its 0600 file by its `ao mcp --worker` process, per call), good for that worker alone.
 */
export function registerWorkerTools(
  server: McpServer,
  cc: ControlContext,
  secret: () => string | undefined,
): void {
  server.registerTool(
    "orch_report",
    {
      title: "Report to your commander",
      description:
        "Hands your final answer for the current instruction to the agent that gave it (your commander). Call it once, at the end, with the full answer. final: false sends a message of your own instead.",
      inputSchema: orchReportInput,
      outputSchema: orchReportOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) => toolAnswer(() => reportToCommander(cc, secret(), args)),
  );
}
