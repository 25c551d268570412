/**
 * The argv of a takeover's TUI (docs/acp.md, "Taking over"), shared by the agent plugins that
 * declare one (`claude --resume {session}`) and the host that runs it.
 */

/** What `{session}` in a takeover argv stands for: the ACP session the TUI resumes. */
export const SESSION_PLACEHOLDER = "{session}";

/** The takeover argv for a conversation: every `{session}` replaced by its id. */
export function takeoverArgv(template: readonly string[], acpSessionId: string): string[] {
  return template.map((arg) => arg.split(SESSION_PLACEHOLDER).join(acpSessionId));
}
