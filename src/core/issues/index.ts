/** `ao issue` and `ao verify` (docs/trackers.md): a project's issues through its tracker plugin. */

// Issues created, listed and shown.
export { createProjectIssue, listProjectIssues, showProjectIssue } from "./issue-commands.js";

// An issue's work checked and closed.
export { verifyProjectIssue } from "./verify-issue.js";
