import { messageOf } from "../errors.js";
import type { ActivityReport, Liveness } from "../slots/index.js";
import type { SessionAgent } from "../turns/turn-context.js";
import { SCREEN_LINES } from "./probe-sessions.js";
import { questionOf, type QuestionWords } from "./record-questions.js";
import { screenDialog, type ScreenDialog } from "./screen-dialog.js";

/** The dialog on a terminal agent's screen now, with the question it makes. */
export interface ScreenQuestion {
  /** What the agent says it does. */
  readonly report: ActivityReport;
  /** Only while it waits for input with a dialog that lists choices. */
  readonly dialog?: ScreenDialog | undefined;
  /** The question as `session.question` records it (same id for the same words and choices). */
  readonly words?: QuestionWords | undefined;
}

/**
 * Reads the agent's screen and asks its plugin what it does, the way the lifecycle's probe does
 * (its hooks first; the screen when they do not say it waits), so a question read here has the id
 * the cycle recorded for the same dialog. Never throws: a screen that cannot be read asks nothing.
 */
export async function readScreenQuestion(sa: SessionAgent): Promise<ScreenQuestion> {
  const liveness = await sa.runtime
    .liveness(sa.handle)
    .catch((error: unknown): Liveness => ({ state: "unknown", reason: messageOf(error) }));
  if (liveness.state !== "alive" || sa.runtime.capture === undefined)
    return {
      report: { activity: liveness.state === "alive" || liveness.state === "unknown" ? "unknown" : "exited" },
    };
  const screen = await sa.runtime.capture(sa.handle, { lines: SCREEN_LINES }).catch(() => undefined);
  const probe = {
    sessionId: sa.session.id,
    worktree: sa.session.worktree,
    liveness,
    ...(sa.session.agentSessionId === null ? {} : { agentSessionId: sa.session.agentSessionId }),
  };
  const report = await activityOf(sa, probe, screen);
  if (report.activity !== "needs_input" || screen === undefined) return { report };
  const dialog = screenDialog(screen);
  return { report, dialog, words: questionOf({ activity: report, dialog }) };
}

/** The hooks' word first, the screen's when they do not say it waits; a failing plugin is `unknown`. */
async function activityOf(
  sa: SessionAgent,
  probe: Parameters<SessionAgent["agent"]["activity"]>[0],
  screen: string | undefined,
): Promise<ActivityReport> {
  try {
    const first = await sa.agent.activity(probe);
    if (first.activity === "needs_input" || screen === undefined) return first;
    return await sa.agent.activity({ ...probe, screen });
  } catch (error) {
    return { activity: "unknown", detail: messageOf(error) };
  }
}
