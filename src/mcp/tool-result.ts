import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isAoError, messageOf } from "../core/errors.js";

/**
 * A tool's answer: the structured result (checked by the SDK against the tool's output schema)
 * and the same JSON as text for clients that read only text. A failure is a tool error (isError)
 * whose text has the message, the hint and the error's code, so the commander model can act on
 * it; it is never an empty success.
 */
export async function toolAnswer<T extends object>(
  run: () => Promise<T> | T,
  /** Text for people and models, before the JSON (a proposal's card). */
  textOf?: (result: T) => string,
): Promise<CallToolResult> {
  try {
    const result = await run();
    const json = { type: "text" as const, text: JSON.stringify(result) };
    return {
      structuredContent: result as Record<string, unknown>,
      content: textOf === undefined ? [json] : [{ type: "text", text: textOf(result) }, json],
    };
  } catch (error) {
    return toolError(error);
  }
}

export function toolError(error: unknown): CallToolResult {
  if (!isAoError(error))
    return { isError: true, content: [{ type: "text", text: `error: ${messageOf(error)}` }] };
  const lines = [`error ${error.code}: ${error.message}`];
  if (error.hint !== undefined) lines.push(`hint: ${error.hint}`);
  const details = error.details;
  if (details !== undefined && Object.keys(details).length > 0)
    lines.push(`details: ${JSON.stringify(details)}`);
  return { isError: true, content: [{ type: "text", text: lines.join("\n") }] };
}
