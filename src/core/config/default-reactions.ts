import type { ReactionConfig, ReactionKey } from "./types.js";

/**
 * Placeholders a reaction `message` may use. The lifecycle engine renders them when a reaction
 * fires; the config rules reject any other `{{name}}` so a typo is caught at load time, not after
 * an agent received a message with a hole in it. Documented in docs/configuration.md.
 */
export const TEMPLATE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  session: "the session id, e.g. app-3",
  project: "the project id",
  issue: "the tracker issue id the session works on (empty for free-text tasks)",
  branch: "the session's branch",
  baseBranch: "the project's defaultBranch",
  "pr.url": "the pull request URL",
  "pr.number": "the pull request number",
  "pr.title": "the pull request title",
  checks: "the failing CI checks, one per line with their URLs",
  logTail: "the last lines of the failing CI log (or of the agent's output for agent-* reactions)",
  threads: "the unresolved review threads: file, line, author and comment",
  conflicts: "the files that conflict with the base branch, one per line",
  duration: "how long the condition has lasted, e.g. 12m",
  reason: "the status reason code, e.g. agent_exited or pr_closed",
  handBack:
    "how to hand a fix back, as the project's scm words it (commit and push, or only commit where ao opens the pull request); for merge-conflicts also how to bring the base branch in",
  summary: "for all-complete: one line per session with its final status and PR",
  otherSession: "for conflict-predicted: the other session, whose branch conflicts with this one's",
  otherBranch: "for conflict-predicted: the other session's branch",
  conflictLines:
    "for conflict-predicted: each conflicting file with the line ranges of its conflicting blocks in the merge of the two branches",
};

/** The reactions ao applies when the config says nothing: built-in ← top-level ← project. */
export const DEFAULT_REACTIONS: Readonly<Record<ReactionKey, ReactionConfig>> = {
  "ci-failed": {
    auto: true,
    action: "send-to-agent",
    priority: "action",
    retries: 2,
    message:
      "CI failed on your pull request {{pr.url}}.\n\nFailing checks:\n{{checks}}\n\nEnd of the log:\n{{logTail}}\n\n" +
      "Find the cause, fix it, run the relevant tests locally, then {{handBack}}",
  },
  "changes-requested": {
    auto: true,
    action: "send-to-agent",
    priority: "action",
    retries: 0,
    escalateAfter: "30m",
    message:
      "A reviewer requested changes on {{pr.url}}.\n\nUnresolved threads:\n{{threads}}\n\n" +
      "Address every comment, then {{handBack}}",
  },
  "merge-conflicts": {
    auto: true,
    action: "send-to-agent",
    priority: "action",
    retries: 0,
    escalateAfter: "15m",
    message: "Your branch {{branch}} conflicts with {{baseBranch}} in:\n{{conflicts}}\n\n{{handBack}}",
  },
  "approved-and-green": {
    auto: true,
    action: "notify",
    priority: "action",
    retries: 0,
    message: "{{session}}: {{pr.url}} is approved and CI is green, ready to merge.",
  },
  "agent-stuck": {
    auto: true,
    action: "notify",
    priority: "warning",
    retries: 0,
    threshold: "10m",
    message: "{{session}} ({{project}}) has shown no activity for {{duration}}.\n\n{{logTail}}",
  },
  "agent-needs-input": {
    auto: true,
    action: "notify",
    priority: "urgent",
    retries: 0,
    message: "{{session}} ({{project}}) is waiting for your input.\n\n{{logTail}}",
  },
  "agent-exited": {
    auto: true,
    action: "notify",
    priority: "warning",
    retries: 0,
    message: "The agent of {{session}} ({{project}}) exited ({{reason}}) before finishing.\n\n{{logTail}}",
  },
  "pr-closed": {
    auto: true,
    action: "notify",
    priority: "info",
    retries: 0,
    message: "{{session}}: {{pr.url}} was closed without being merged.",
  },
  "all-complete": {
    auto: true,
    action: "notify",
    priority: "info",
    retries: 0,
    message: "All sessions are done.\n\n{{summary}}",
  },
  "conflict-predicted": {
    auto: true,
    action: "notify",
    priority: "warning",
    retries: 0,
    message:
      "{{session}} (branch {{branch}}) and {{otherSession}} (branch {{otherBranch}}) are changing the same lines; " +
      "a three-way merge of the two branches conflicts in:\n{{conflictLines}}\n\n" +
      "If you are {{session}}: avoid those lines if you can, or keep your change compatible with theirs " +
      "(`git diff {{baseBranch}}...{{otherBranch}}` shows what {{otherSession}} changes).",
  },
};
