import type { AoConfig } from "../config/index.js";
import type { Session } from "../store/index.js";
import type { WebhookTargets } from "./webhook-targets.js";

/**
 * The active sessions a webhook is about: their project's `repo` is the payload's repository
 * (GitHub compares owner/name case-insensitively, so do we), and their branch or PR number is one
 * the payload names. `project` narrows to the one project the daemon watches.
 */
export function matchWebhookSessions(
  config: Pick<AoConfig, "projects">,
  sessions: readonly Session[],
  targets: WebhookTargets,
  project?: string,
): string[] {
  if (targets.repo === undefined) return [];
  const repo = targets.repo.toLowerCase();
  const projects = new Set(
    Object.values(config.projects)
      .filter((candidate) => candidate.repo?.toLowerCase() === repo)
      .filter((candidate) => project === undefined || candidate.id === project)
      .map((candidate) => candidate.id),
  );
  const branches = new Set(targets.branches);
  const pullRequests = new Set(targets.pullRequests);
  return sessions
    .filter((session) => projects.has(session.project))
    .filter(
      (session) =>
        branches.has(session.branch) || (session.prNumber !== null && pullRequests.has(session.prNumber)),
    )
    .map((session) => session.id);
}
