import { z } from "zod";

/**
 * The input and output shapes of the control plane's tools (zod, as the SDK takes them). Field
 * names are snake_case: commander models read and write them. docs/control-plane.md lists them.
 */

const sessionId = z
  .string()
  .min(1)
  .describe("A worker's session id, as open_session or list_sessions gave it");
const turnId = z
  .string()
  .regex(/^t-\d+$/)
  .describe("A turn id (t-<n>), as send or send_async gave it");

export const turnResultShape = {
  turn_id: z.string(),
  session_id: z.string(),
  status: z
    .enum(["running", "completed", "waiting_for_permission"])
    .describe(
      "running: ask wait_turn again; completed: reply is here; waiting_for_permission: the worker asks the question below (a person answers with ao approve/deny, or you with answer_permission where allowed)",
    ),
  turn_status: z.string().describe("queued, delivering or running while running; how it ended otherwise"),
  reply: z.string().optional(),
  reply_source: z.enum(["report", "hook", "transcript", "screen"]).optional(),
  deduplicated: z
    .boolean()
    .optional()
    .describe("true: the worker already had this message; it was not sent twice"),
  question: z
    .lazy(() => permissionQuestion)
    .optional()
    .describe("With waiting_for_permission: what the worker's agent asks to do, and the options"),
};

export const permissionQuestion = z.object({
  question_id: z.string(),
  title: z.string().describe("The tool call the agent asks permission for"),
  tool_kind: z
    .string()
    .optional()
    .describe("ACP's tool kind: read, edit, delete, move, search, execute, think, fetch, other"),
  options: z.array(z.object({ option_id: z.string(), name: z.string(), kind: z.string() })),
});

export const listAgentsOutput = {
  agents: z.array(
    z.object({
      agent: z.string().describe("What open_session takes as agent"),
      binary: z.string().nullable().describe("null: the project's configuration gives its command"),
      path: z.string().nullable().describe("null: not found on PATH"),
      version: z.string().nullable(),
      can_be_worker: z.boolean(),
      why_not: z.string().optional(),
      configured_in: z
        .array(z.string())
        .describe("The projects configured with this agent; open_session there uses their options"),
    }),
  ),
};

export const openSessionInput = {
  agent: z.string().min(1).describe("An agent from list_agents (e.g. claude-code, codex)"),
  project: z
    .string()
    .min(1)
    .optional()
    .describe("The ao project; default: the only one with the control plane on"),
  task: z.string().optional().describe("The worker's first task; without one it waits for send"),
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,38}$/)
    .optional()
    .describe("Names the worker's branch (ao/<name>)"),
};

export const openSessionOutput = {
  session_id: z.string(),
  agent: z.string(),
  project: z.string(),
  branch: z.string(),
  worktree: z.string(),
  status: z.string(),
};

export const sendInput = {
  session_id: sessionId,
  message: z
    .string()
    .min(1)
    .describe("The instruction; the same message again while it runs is not sent twice"),
  request_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Your key for this instruction: the same key is the same turn"),
};

export const waitTurnInput = {
  turn_id: turnId,
  wait_s: z
    .number()
    .min(0)
    .optional()
    .describe("Seconds to wait at most; clamped below the server's send bound"),
};

export const listSessionsOutput = {
  sessions: z.array(
    z.object({
      session_id: z.string(),
      agent: z.string(),
      project: z.string(),
      branch: z.string(),
      status: z.string(),
      turn: z.object({ turn_id: z.string(), status: z.string() }).nullable(),
      messages: z.array(z.object({ text: z.string(), at: z.string() })),
    }),
  ),
};

export const orchReportInput = {
  text: z
    .string()
    .min(1)
    .describe("Your final answer for the current instruction (or a message to your commander)"),
  final: z
    .boolean()
    .optional()
    .describe("Default true: this answers the current instruction; false: a message of your own"),
};

export const orchReportOutput = {
  ok: z.literal(true),
  turn_id: z.string().nullable(),
  commander: z.string(),
};

export const closeSessionInput = { session_id: sessionId };

export const closeSessionOutput = {
  session_id: z.string(),
  branch: z.string(),
  closed: z.literal(true),
};
