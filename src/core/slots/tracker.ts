/**
 * tracker: where tasks come from (GitHub issues, Linear, local issue files). Issue text is
 * untrusted: it reaches an agent only through a prompt file, never a command line.
 */

export type IssueState = "open" | "closed";

export interface Issue {
  /** Stable id; `getIssue(issue.id)` finds the same issue again (the store keeps only this). */
  id: string;
  title: string;
  body: string;
  url?: string;
  labels: string[];
  state: IssueState;
  /** A branch the tracker proposes (Linear does); `branchName` prefers it. */
  branchName?: string;
}

export interface IssueFilter {
  labels?: string[];
  assignee?: string;
  state?: IssueState | "all";
}

/** What `ao issue new` files. */
export interface NewIssue {
  title: string;
  body?: string;
  labels?: string[];
}

/** What `updateIssue` changes: a comment added (Markdown), the state set; either may be absent. */
export interface IssueUpdate {
  comment?: string;
  state?: IssueState;
  /**
   * Why an issue is closed, for trackers that record it: `completed` (the default) or
   * `not_planned` (dropped: a cancelled plan). GitHub keeps it as `state_reason`; Linear picks a
   * completed or a canceled workflow state by it.
   */
  closedAs?: "completed" | "not_planned";
}

export interface Tracker {
  /**
   * Accepts the forms a person types (`12`, `#12`, a URL, `LIN-12`, a file path) and the `id` of
   * an issue it returned. Rejects with E_NOT_FOUND for an issue that does not exist.
   */
  getIssue(ref: string): Promise<Issue>;
  /** Deterministic, and valid for `git check-ref-format --branch` whatever the title holds. */
  branchName(issue: Issue): string;
  /** The task as the agent reads it: at least the title and the body. */
  taskPrompt(issue: Issue): string;
  /** Issues matching every given criterion; `state` defaults to open. */
  listIssues?(filter: IssueFilter): Promise<Issue[]>;
  /** Tells the tracker work began (a label, a comment, a status). */
  markStarted?(issue: Issue, sessionId: string): Promise<void>;
  /**
   * The line a pull request body carries so the forge closes the issue on merge (`Closes #12`,
   * `Fixes ENG-123`). Without it the body only names the issue.
   */
  closingReference?(issue: Issue): string;
  /** Files a new issue and returns it as `getIssue` would. */
  createIssue?(input: NewIssue): Promise<Issue>;
  /**
   * Comments on an issue and/or sets its state, and returns it as `getIssue` would. A plan's
   * parent ticket is told this way how the plan ended, with its deliverable.
   */
  updateIssue?(issue: Issue, update: IssueUpdate): Promise<Issue>;
}
