import type { PermissionOption, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { shownPath } from "./screen-text.js";

/**
 * A permission question's answer from the input line: the option's number as shown (1..n) or its
 * optionId, exactly; anything else is no answer (the question stays).
 */
export function chosenOption(input: string, options: readonly PermissionOption[]): string | undefined {
  const text = input.trim();
  if (/^\d+$/.test(text)) return options[Number(text) - 1]?.optionId;
  return options.find((option) => option.optionId === text)?.optionId;
}

/** The question as drawn: the tool call, its numbered options, how to answer. */
export function questionLines(request: RequestPermissionRequest, cwd: string): string[] {
  const call = request.toolCall;
  const where = (call.locations ?? []).map((location) => shownPath(location.path, cwd));
  const lines = [
    `? Permission: ${call.title ?? "a tool call"}${call.kind ? ` (${call.kind})` : ""}`,
    ...(where.length > 0 ? [`  files: ${where.join(", ")}`] : []),
    ...request.options.map((option, index) => `  ${String(index + 1)}. ${option.name} [${option.optionId}]`),
    `  answer with 1-${String(request.options.length)} or an option id, then Enter; Ctrl-C cancels the turn`,
  ];
  return lines;
}

/** The line after an answer: what was chosen. */
export function answeredLine(optionId: string, options: readonly PermissionOption[]): string {
  const option = options.find((candidate) => candidate.optionId === optionId);
  return `  → ${option?.name ?? optionId} [${optionId}]`;
}
