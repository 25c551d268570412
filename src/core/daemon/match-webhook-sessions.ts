import type { AoConfig } from "../config/index.js";
import type { WebhookSubject } from "../slots/index.js";
import type { Session } from "../store/index.js";

/**
 * The active sessions a verified webhook is about: among `projects` (those the receiving scm serves
 * in this daemon), the ones whose `repo` is the event's repository (compared case-insensitively,
 * as forges compare owner/name), and of their sessions those whose branch or PR number it names.
 */
export function matchWebhookSessions(
  config: Pick<AoConfig, "projects">,
  sessions: readonly Session[],
  about: WebhookSubject,
  projects: readonly string[],
): string[] {
  if (about.repository === undefined) return [];
  const repository = about.repository.toLowerCase();
  const matching = new Set(projects.filter((id) => config.projects[id]?.repo?.toLowerCase() === repository));
  const branches = new Set(about.branches);
  const pullRequests = new Set(about.pullRequests);
  return sessions
    .filter((session) => matching.has(session.project))
    .filter(
      (session) =>
        branches.has(session.branch) || (session.prNumber !== null && pullRequests.has(session.prNumber)),
    )
    .map((session) => session.id);
}
