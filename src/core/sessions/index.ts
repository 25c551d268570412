/**
 * Sessions (docs/sessions.md): one task's worktree, branch, runtime and agent, from spawn to cleanup.
 * The cli, the dashboard's actions and the control plane reach them through this file.
 */

// A session started: `ao spawn`, `ao batch-spawn`, and a session that takes over a pull request.
export { spawnSession, type SpawnRequest } from "./spawn-session.js";
export { batchSpawn, type BatchResult } from "./batch-spawn.js";
export { spawnClaimingPr } from "./spawn-claim.js";
export { claimPullRequest, type ClaimResult } from "./claim-pr.js";
export { parsePrRef } from "./claimable-pr.js";

// Sessions seen: `ao status`, `ao session ls|show|logs|ci`, and the recently ended.
export { listSessionViews, watchSessionViews, type SessionsRefresh } from "./list-sessions.js";
export type { SessionView } from "./session-view.js";
export { recentlyEndedSessions, type EndedSession } from "./recently-ended.js";
export { waitingSpawns } from "./waiting-spawns.js";
export { limitWindows, type LimitWindow } from "./limit-windows.js";
export { liveWaits } from "./spawn-line.js";
export { sessionPage } from "./session-page.js";
export { sessionLogs } from "./session-logs.js";
export { sessionCiLog, sessionCiRuns } from "./session-ci.js";
export { standingWorkspaceRemoval } from "./record-missing-workspaces.js";
export { sessionHold, type SessionHold } from "./session-hold.js";
export { readTaskFile } from "./prompt-files.js";
export { baseRef, checkoutHead, diffSize, parseNumstat, type DiffSize } from "./diff-size.js";
export { hostCheckout, type SessionCheckout } from "./session-checkout.js";

// A session acted on: messages, reviews, merges, attach, remap.
export { sendMessage, type SendResult, type SendWait } from "./send-message.js";
export {
  postSessionLineReview,
  resolveSessionThread,
  reviewSession,
  type ReviewResult,
} from "./review-session.js";
export { MERGE_METHODS, mergeSession } from "./merge-session.js";
export { attachSession } from "./attach-session.js";
export { remapSession } from "./remap-session.js";
export { answerSession, type SessionAnswer } from "./answer-session.js";

// A session ended, restored or cleaned up.
export { killSession } from "./kill-session.js";
export { restoreSession } from "./restore-session.js";
export { restoreAllSessions, type RestoreOutcome } from "./restore-all.js";
export { cleanupSessions, type CleanupAction } from "./cleanup-sessions.js";

// What an agent reports of itself (`ao report`, `ao acknowledge`).
export { parseReportState, type AgentReportState } from "./agent-states.js";
export { reportState, reportingSession, type ReportResult } from "./report-state.js";

// A project's forge, for commands that read it without spawning.
export { forgeFor } from "./project-forge.js";
