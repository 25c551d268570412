import { AoError } from "../../src/core/errors.js";
import { branchNameFor } from "../../src/core/sessions/branch-name.js";
import type {
  Issue,
  IssueFilter,
  IssueState,
  IssueUpdate,
  NewIssue,
  Tracker,
} from "../../src/core/slots/index.js";

export interface IssueSeed {
  title: string;
  body: string;
  labels?: string[];
  state?: IssueState;
  assignee?: string;
  branchName?: string;
}

/**
 * An issue tracker in memory. Issues get ids 1, 2, 3…; refs may be written `7`, `#7` or as the
 * issue's URL. Tests add issues, close them, and read back which were marked started.
 */
export class FakeTracker implements Tracker {
  readonly issues = new Map<string, Issue & { assignee?: string }>();
  readonly started: { issueId: string; sessionId: string }[] = [];
  /** Every comment `updateIssue` added, by issue id. */
  readonly comments = new Map<string, string[]>();

  constructor(seeds: readonly IssueSeed[] = []) {
    for (const seed of seeds) this.add(seed);
  }

  add(seed: IssueSeed): Issue {
    const id = String(this.issues.size + 1);
    const issue: Issue & { assignee?: string } = {
      id,
      title: seed.title,
      body: seed.body,
      url: `https://tracker.invalid/issues/${id}`,
      labels: [...(seed.labels ?? [])],
      state: seed.state ?? "open",
      ...(seed.branchName === undefined ? {} : { branchName: seed.branchName }),
      ...(seed.assignee === undefined ? {} : { assignee: seed.assignee }),
    };
    this.issues.set(id, issue);
    return publicIssue(issue);
  }

  setState(id: string, state: IssueState): void {
    const issue = this.issues.get(id);
    if (!issue) throw new Error(`FakeTracker: no issue ${id}`);
    issue.state = state;
  }

  getIssue(ref: string): Promise<Issue> {
    const id = /^(?:#|https:\/\/tracker\.invalid\/issues\/)?(\d+)$/.exec(ref.trim())?.[1];
    const issue = id === undefined ? undefined : this.issues.get(id);
    if (!issue) {
      return Promise.reject(
        new AoError("E_NOT_FOUND", `issue ${ref} not found`, { hint: "check the issue number" }),
      );
    }
    return Promise.resolve(publicIssue(issue));
  }

  branchName(issue: Issue): string {
    return branchNameFor({
      trackerBranch: issue.branchName,
      issueId: issue.id,
      title: issue.title,
      sessionId: issue.id,
    });
  }

  taskPrompt(issue: Issue): string {
    return `# ${issue.title}\n\n${issue.body}\n\n${issue.url ?? ""}\n`;
  }

  listIssues(filter: IssueFilter): Promise<Issue[]> {
    const state = filter.state ?? "open";
    const matches = [...this.issues.values()].filter(
      (issue) =>
        (state === "all" || issue.state === state) &&
        (filter.labels ?? []).every((label) => issue.labels.includes(label)) &&
        (filter.assignee === undefined || issue.assignee === filter.assignee),
    );
    return Promise.resolve(matches.map(publicIssue));
  }

  createIssue(input: NewIssue): Promise<Issue> {
    return Promise.resolve(
      this.add({ title: input.title, body: input.body ?? "", labels: input.labels ?? [] }),
    );
  }

  async updateIssue(issue: Issue, update: IssueUpdate): Promise<Issue> {
    const found = await this.getIssue(issue.id);
    if (update.comment !== undefined)
      this.comments.set(found.id, [...(this.comments.get(found.id) ?? []), update.comment]);
    if (update.state !== undefined) this.setState(found.id, update.state);
    return this.getIssue(found.id);
  }

  markStarted(issue: Issue, sessionId: string): Promise<void> {
    this.started.push({ issueId: issue.id, sessionId });
    return Promise.resolve();
  }
}

/** A copy without the fake's bookkeeping, so a test mutating a result cannot change the tracker. */
function publicIssue({ assignee: _assignee, ...issue }: Issue & { assignee?: string }): Issue {
  return { ...issue, labels: [...issue.labels] };
}
