import type { ControlPlaneConfig } from "../config/types.js";
import { AoError } from "../errors.js";
import type { AgentQuestion } from "../slots/index.js";

/** The tool kinds (ACP's ToolKind) whose questions `commanderApprovals: read-only` lets a commander answer. */
export const READ_ONLY_TOOL_KINDS: readonly string[] = ["read", "search", "fetch", "think"];

/**
 * Whether a commander may answer this permission question under the project's
 * `controlPlane.commanderApprovals` (docs/control-plane.md). Pure: throws the refusal, with what a
 * person can do instead, or returns. `none` (the default) refuses every question; `read-only`
 * those whose tool does more than read, search, fetch or think (an unknown kind included); `all` none.
 */
export function assertCommanderMayAnswer(
  policy: ControlPlaneConfig["commanderApprovals"],
  question: AgentQuestion,
  where: { session: string; project: string; configPath: string },
): void {
  if (policy === "all") return;
  if (policy === "read-only" && READ_ONLY_TOOL_KINDS.includes(question.toolKind ?? "")) return;
  const details = {
    session: where.session,
    question: question.title,
    toolKind: question.toolKind ?? null,
    policy,
  };
  const person = `a person answers it with \`ao approve ${where.session}\` or \`ao deny ${where.session}\``;
  if (policy === "none")
    throw new AoError(
      "E_COMMANDER_APPROVALS",
      `commanders may not answer ${where.session}'s permission questions (controlPlane.commanderApprovals is none for project ${where.project})`,
      {
        hint: `${person}; to let commanders answer, set controlPlane.commanderApprovals to read-only or all in ${where.configPath} and restart the daemon`,
        details,
      },
    );
  throw new AoError(
    "E_COMMANDER_APPROVALS",
    `"${question.title}" is ${kindWords(question.toolKind)} tool call: commanders may answer only questions about ${READ_ONLY_TOOL_KINDS.join(", ")} tools (controlPlane.commanderApprovals is read-only for project ${where.project})`,
    { hint: `${person}; controlPlane.commanderApprovals: all lets commanders answer any question`, details },
  );
}

function kindWords(kind: string | undefined): string {
  if (kind === undefined) return "a tool call of no stated kind, not a read-only";
  return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;
}
