import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { AoError, TOOL_KINDS, type ToolKind } from "../../../../core/plugin-api.js";

/**
 * `--auto-allow read,search` (the project's `agentConfig.autoAllow`, docs/acp.md#auto-allowed-tool-kinds):
 * the tool kinds whose permission questions the host answers allow by itself. Absent or empty: none.
 */
export function parseAutoAllow(value: string | undefined): ToolKind[] {
  if (value === undefined || value.trim() === "") return [];
  const words = value.split(",").map((word) => word.trim());
  for (const word of words)
    if (!(TOOL_KINDS as readonly string[]).includes(word))
      throw new AoError("E_USAGE", `--auto-allow: unknown tool kind "${word}"`, {
        hint: `tool kinds are ACP's: ${TOOL_KINDS.join(", ")}`,
      });
  return words as ToolKind[];
}

/**
 * The option the host chooses by itself for this question: the first `allow_once` offered (else
 * the first `allow_always`) when the tool call's kind is one of `kinds`. Undefined (ask a person)
 * for a call of another kind or of no stated kind, or when no allow option is offered.
 */
export function autoAllowedOption(
  request: RequestPermissionRequest,
  kinds: readonly ToolKind[],
): string | undefined {
  const kind = request.toolCall.kind;
  if (kind === undefined || kind === null || !kinds.includes(kind)) return undefined;
  const allow =
    request.options.find((option) => option.kind === "allow_once") ??
    request.options.find((option) => option.kind === "allow_always");
  return allow?.optionId;
}
