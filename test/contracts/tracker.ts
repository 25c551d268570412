import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { isAoError } from "../../src/core/errors.js";
import type { Issue, Tracker } from "../../src/core/slots/index.js";

export interface IssueSeed {
  title: string;
  body: string;
  labels: string[];
  state: "open" | "closed";
}

export interface TrackerSubject {
  tracker: Tracker;
  /** How a person refers to each seeded issue (`#1`, a URL, `ENG-1`), in seed order. */
  refs: string[];
  /** A ref in the tracker's format naming no issue. */
  missingRef: string;
  /** The session ids `markStarted` recorded for an issue, as the tracker's side sees them. */
  startedSessions?(ref: string): Promise<string[]>;
  /** The comments `updateIssue` added to an issue, as the tracker's side sees them. */
  comments?(ref: string): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** What every subject is created with; a real tracker seeds its fake server or issue files. */
export const TRACKER_SEEDS: readonly IssueSeed[] = [
  {
    title: "Fix the login redirect",
    body: "After login we land on /undefined.\n\nSteps: …",
    labels: ["bug"],
    state: "open",
  },
  {
    title: 'Héllo: "quotes", ~tilde^ caret? *star [bracket] back\\slash ..lock @{ end.',
    body: "Untrusted $(rm -rf ~) `id` text",
    labels: ["bug", "ui"],
    state: "open",
  },
  { title: "Old chore", body: "Done already.", labels: ["chore"], state: "closed" },
];

/** The behaviour every tracker has; run it with `trackerContract("github", makeSubject)`. */
export function trackerContract(
  name: string,
  makeSubject: (seeds: readonly IssueSeed[]) => Promise<TrackerSubject>,
): void {
  describe(`tracker contract: ${name}`, () => {
    let subject: TrackerSubject;
    afterEach(() => subject.cleanup());
    const issueAt = async (index: number): Promise<Issue> => subject.tracker.getIssue(subject.refs[index]!);

    it("fetches each issue with its title, body, labels and state, as plain data", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      for (const [index, seed] of TRACKER_SEEDS.entries()) {
        const issue = await issueAt(index);
        expect(issue).toMatchObject({ title: seed.title, body: seed.body, state: seed.state });
        expect([...issue.labels].sort()).toEqual([...seed.labels].sort());
        expect(JSON.parse(JSON.stringify(issue))).toEqual(issue);
      }
    });

    it("finds an issue again by its id", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      const issue = await issueAt(0);
      expect(await subject.tracker.getIssue(issue.id)).toEqual(issue);
    });

    it("rejects an issue that does not exist with E_NOT_FOUND", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      const error: unknown = await subject.tracker.getIssue(subject.missingRef).catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
    });

    it("names branches that git accepts, deterministically and distinctly", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      const issues = await Promise.all(TRACKER_SEEDS.map((_seed, index) => issueAt(index)));
      const names = issues.map((issue) => subject.tracker.branchName(issue));
      for (const [index, branch] of names.entries()) {
        expect(
          execFileSync("git", ["check-ref-format", "--branch", branch], { encoding: "utf8" }).trim(),
        ).toBe(branch);
        expect(subject.tracker.branchName(issues[index]!)).toBe(branch);
      }
      expect(new Set(names).size).toBe(names.length);
    });

    it("writes a task prompt holding the title and body", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      const issue = await issueAt(1);
      const prompt = subject.tracker.taskPrompt(issue);
      expect(prompt).toContain(issue.title);
      expect(prompt).toContain(issue.body);
    });

    it("lists open issues by default and filters by label and state", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      const list = subject.tracker.listIssues?.bind(subject.tracker);
      if (!list) return;
      const titles = async (filter: Parameters<typeof list>[0]) =>
        (await list(filter)).map((i) => i.title).sort();
      expect(await titles({})).toEqual([TRACKER_SEEDS[0]!.title, TRACKER_SEEDS[1]!.title].sort());
      expect(await titles({ labels: ["ui"] })).toEqual([TRACKER_SEEDS[1]!.title]);
      expect(await titles({ state: "closed" })).toEqual([TRACKER_SEEDS[2]!.title]);
      expect(await titles({ state: "all" })).toHaveLength(3);
    });

    it("marks an issue started so that the tracker shows it", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      if (!subject.tracker.markStarted) return;
      await subject.tracker.markStarted(await issueAt(0), "app-7");
      if (subject.startedSessions) expect(await subject.startedSessions(subject.refs[0]!)).toEqual(["app-7"]);
    });

    it("comments on an issue and closes it, as getIssue then sees it", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      if (!subject.tracker.updateIssue) return;
      const issue = await issueAt(0);
      const updated = await subject.tracker.updateIssue(issue, {
        comment: "The plan completed.\n\n`deliverable`",
        state: "closed",
      });
      expect(updated).toMatchObject({ id: issue.id, title: issue.title, state: "closed" });
      expect(await subject.tracker.getIssue(issue.id)).toMatchObject({ state: "closed" });
      if (subject.comments)
        expect(await subject.comments(subject.refs[0]!)).toEqual(["The plan completed.\n\n`deliverable`"]);
      const reopened = await subject.tracker.updateIssue(updated, { state: "open" });
      expect(reopened.state).toBe("open");
    });

    it("files an issue that getIssue and a label filter then find", async () => {
      subject = await makeSubject(TRACKER_SEEDS);
      if (!subject.tracker.createIssue) return;
      const filed = await subject.tracker.createIssue({
        title: "Plan plan-1: ship it",
        body: "Tickets:\n- [ ] A: design",
        labels: ["ao-plan"],
      });
      expect(filed).toMatchObject({ title: "Plan plan-1: ship it", state: "open", labels: ["ao-plan"] });
      expect(filed.body).toContain("- [ ] A: design");
      expect(await subject.tracker.getIssue(filed.id)).toMatchObject({ id: filed.id, title: filed.title });
      const labelled = await subject.tracker.listIssues?.({ labels: ["ao-plan"], state: "all" });
      if (labelled !== undefined) expect(labelled.map((issue) => issue.id)).toEqual([filed.id]);
    });
  });
}
