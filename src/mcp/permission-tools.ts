import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { answerWorkerPermission, type ControlContext } from "../core/control/index.js";
import type { Commander } from "../core/store/index.js";
import { toolAnswer } from "./tool-result.js";
import { permissionQuestion } from "./tool-schemas.js";

const answerPermissionInput = {
  session_id: z.string().min(1).describe("Your worker whose turn is waiting_for_permission"),
  option_id: z
    .string()
    .min(1)
    .describe("One of the question's options (its option_id), as send or wait_turn listed them"),
  question_id: z
    .string()
    .min(1)
    .optional()
    .describe("The question you answer (its question_id): refused if the worker asks another one now"),
};

const answerPermissionOutput = {
  session_id: z.string(),
  question: permissionQuestion,
  option_id: z.string(),
  confirmed: z.boolean().describe("true: the worker's agent took the answer"),
  next_question: permissionQuestion.optional().describe("The question it asks next, at once"),
};

/**
 * `answer_permission`: a commander answers its worker's permission question (an ACP worker's
 * `waiting_for_permission`), only as far as the project's `controlPlane.commanderApprovals` allows.
 */
export function registerPermissionTool(server: McpServer, cc: ControlContext, commander: Commander): void {
  server.registerTool(
    "answer_permission",
    {
      title: "Answer a worker's permission question",
      description:
        "Gives one of the options of the permission question your worker waits on (send or wait_turn answered waiting_for_permission with it); then wait_turn for the reply. Refused unless the project's controlPlane.commanderApprovals allows commanders to answer (none by default; read-only: only questions about read, search, fetch or think tools).",
      inputSchema: answerPermissionInput,
      outputSchema: answerPermissionOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    (args) =>
      toolAnswer(() =>
        answerWorkerPermission(cc, commander, {
          sessionId: args.session_id,
          optionId: args.option_id,
          questionId: args.question_id,
        }),
      ),
  );
}
