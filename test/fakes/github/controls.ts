import { createPull } from "./rest-pulls.js";
import type {
  CheckConclusion,
  FakeAssociation,
  FakeCheckRun,
  FakeGitHubState,
  FakePull,
  FakeStatus,
  FakeThread,
  FakeUser,
} from "./state.js";

/** What a test does to the fake forge: the other actors (CI, reviewers, GitHub's own computing). */
export interface FakeCheckInput {
  name: string;
  /** Default "completed". */
  status?: FakeCheckRun["status"];
  conclusion?: CheckConclusion | null;
  log?: string;
}

export type FakeCiResult = "passing" | "failing" | "pending";

export interface FakeControls {
  /** Replaces nothing: adds check runs on the PR's current head (one "ci" run when none named). */
  setCi(repo: string, number: number, result: FakeCiResult, checks?: FakeCheckInput[]): FakeCheckRun[];
  addCheckRun(repo: string, sha: string, input: FakeCheckInput): FakeCheckRun;
  completeCheckRun(id: number, conclusion: CheckConclusion, log?: string): void;
  addStatus(
    repo: string,
    sha: string,
    input: Pick<FakeStatus, "context" | "state"> & Partial<FakeStatus>,
  ): FakeStatus;
  addReview(
    repo: string,
    number: number,
    input: {
      user?: string;
      bot?: boolean;
      state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED";
      body?: string;
    },
  ): void;
  addThread(
    repo: string,
    number: number,
    input: {
      path: string;
      line?: number;
      author?: string;
      bot?: boolean;
      /** Default: see associationOf (COLLABORATOR for a person, NONE for a bot). */
      association?: FakeAssociation;
      body: string;
    },
  ): FakeThread;
  /** A reply in a review thread, e.g. a maintainer answering a stranger's comment. */
  replyToThread(
    id: string,
    input: { author: string; bot?: boolean; association?: FakeAssociation; body: string },
  ): void;
  resolveThread(id: string): void;
  /** true / false pin it; null = "GitHub is still computing" until changed; "computed" = from git. */
  setMergeable(repo: string, number: number, value: boolean | null | "computed"): void;
  /** The next `answers` reads of mergeable say UNKNOWN, then it is computed (or pinned) again. */
  computeMergeableLater(repo: string, number: number, answers: number): void;
  pullOf(repo: string, number: number): FakePull;
  /** Opens a PR as someone else would (the agent with gh, a person): no request is recorded. */
  openPull(
    repo: string,
    input: { head: string; base?: string; title?: string; body?: string; draft?: boolean },
  ): FakePull;
}

const RESULT: Record<FakeCiResult, Pick<FakeCheckInput, "status" | "conclusion">> = {
  passing: { status: "completed", conclusion: "success" },
  failing: { status: "completed", conclusion: "failure" },
  pending: { status: "in_progress", conclusion: null },
};

export function createControls(state: FakeGitHubState): FakeControls {
  const pullOf = (repo: string, number: number): FakePull => {
    state.invalidate(); // a test's push since the last look must be seen
    const pull = state.pull(repo, number);
    if (!pull) throw new Error(`fake github: no pull request ${repo}#${String(number)}`);
    return pull;
  };
  const user = (login: string | undefined, bot: boolean | undefined): FakeUser =>
    bot ? { login: `${login ?? "lint"}[bot]`, type: "Bot" } : { login: login ?? "reviewer", type: "User" };
  const addCheckRun = (repo: string, sha: string, input: FakeCheckInput): FakeCheckRun => {
    const status = input.status ?? "completed";
    const at = state.tick();
    const run: FakeCheckRun = {
      id: state.nextId(),
      repo,
      headSha: sha,
      name: input.name,
      status,
      conclusion: status === "completed" ? (input.conclusion ?? "success") : null,
      startedAt: at,
      completedAt: status === "completed" ? at : null,
      ...(input.log === undefined ? {} : { log: input.log }),
    };
    state.checkRuns.push(run);
    return run;
  };
  return {
    pullOf,
    addCheckRun,
    openPull: (repo, input) => {
      state.invalidate();
      const target = state.repos.get(repo.toLowerCase());
      if (!target) throw new Error(`fake github: no repository ${repo}`);
      const response = createPull(state, target, { title: input.title ?? input.head, ...input });
      if (response.status !== 201) throw new Error(`fake github: ${JSON.stringify(response.body)}`);
      return pullOf(target.fullName, (response.body as { number: number }).number);
    },
    setCi: (repo, number, result, checks = [{ name: "ci" }]) => {
      const sha = pullOf(repo, number).headSha;
      return checks.map((check) => addCheckRun(repo, sha, { ...RESULT[result], ...check }));
    },
    completeCheckRun: (id, conclusion, log) => {
      const run = state.checkRuns.find((r) => r.id === id);
      if (!run) throw new Error(`fake github: no check run ${String(id)}`);
      Object.assign(run, { status: "completed", conclusion, completedAt: state.tick() });
      if (log !== undefined) run.log = log;
    },
    addStatus: (repo, sha, input) => {
      const status: FakeStatus = {
        id: state.nextId(),
        repo,
        sha,
        targetUrl: null,
        description: null,
        createdAt: state.tick(),
        ...input,
      };
      state.statuses.push(status);
      return status;
    },
    addReview: (repo, number, input) => {
      const pull = pullOf(repo, number);
      state.reviews.push({
        id: state.nextId(),
        repo,
        pull: number,
        user: user(input.user, input.bot),
        state: input.state,
        body: input.body ?? "",
        commitId: pull.headSha,
        submittedAt: state.tick(),
      });
      state.touch(pull);
    },
    addThread: (repo, number, input) => {
      const pull = pullOf(repo, number);
      const thread: FakeThread = {
        id: `PRRT_${String(state.nextId())}`,
        repo,
        pull: number,
        path: input.path,
        line: input.line ?? null,
        isResolved: false,
        comments: [
          {
            id: state.nextId(),
            author: user(input.author, input.bot),
            ...(input.association !== undefined ? { association: input.association } : {}),
            body: input.body,
            createdAt: state.tick(),
          },
        ],
      };
      state.threads.push(thread);
      state.touch(pull);
      return thread;
    },
    replyToThread: (id, input) => {
      const thread = state.threads.find((t) => t.id === id);
      if (!thread) throw new Error(`fake github: no review thread ${id}`);
      thread.comments.push({
        id: state.nextId(),
        author: user(input.author, input.bot),
        ...(input.association !== undefined ? { association: input.association } : {}),
        body: input.body,
        createdAt: state.tick(),
      });
      state.touch(pullOf(thread.repo, thread.pull));
    },
    resolveThread: (id) => {
      const thread = state.threads.find((t) => t.id === id);
      if (!thread) throw new Error(`fake github: no review thread ${id}`);
      thread.isResolved = true;
      state.touch(pullOf(thread.repo, thread.pull));
    },
    setMergeable: (repo, number, value) => {
      const pull = pullOf(repo, number);
      if (value === "computed") delete pull.mergeable;
      else pull.mergeable = value;
    },
    computeMergeableLater: (repo, number, answers) => {
      pullOf(repo, number).unknownAnswers = answers;
    },
  };
}
