import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAoError, type AoError } from "../../../src/core/errors.js";
import { mergeSession } from "../../../src/core/sessions/merge-session.js";
import { resolveSessionThread, reviewSession } from "../../../src/core/sessions/review-session.js";
import { readSession } from "../../../src/core/sessions/session-pull.js";
import { closeStore, openStore, updateSession, writeTransaction } from "../../../src/core/store/index.js";
import { eventually } from "../../contracts/eventually.js";
import { runGit } from "../../helpers/git-repo.js";
import { commitFiles, makeLocalModeFixture } from "./local-mode-fixture.js";

async function failure(promise: Promise<unknown>): Promise<AoError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  return error;
}

describe("ao review (core, local mode)", () => {
  it("requests changes on a line, the lifecycle observes the thread, and it can be resolved", async () => {
    const fixture = makeLocalModeFixture();
    const worktree = fixture.session("app-1", "feat/login", { "login.ts": "export {};\n" });
    const pr = await fixture.openPull("feat/login", worktree);
    const options = { configPath: fixture.configPath };

    const requested = await reviewSession(
      fixture.ctx,
      "app-1",
      { requestChanges: "handle the empty password", path: "login.ts", line: 1 },
      options,
    );
    expect(requested).toMatchObject({
      session: "app-1",
      action: "request-changes",
      pr: { number: pr.number },
    });
    expect(requested.thread).toMatchObject({ body: "handle the empty password", path: "login.ts", line: 1 });
    const seen = (await (await fixture.scm()).observe([pr])).get(pr.number);
    expect(seen?.review.decision).toBe("changes_requested");
    expect(seen?.review.threads.map((thread) => thread.id)).toEqual([requested.thread?.id]);
    expect(seen?.review.threads[0]?.author).toBe("Ada Reviewer");

    await resolveSessionThread(fixture.ctx, "app-1", requested.thread?.id ?? "", options);
    const after = (await (await fixture.scm()).observe([pr])).get(pr.number);
    expect(after?.review.threads).toEqual([]);
    const events = fixture.events("app-1").filter((event) => event.type === "review.recorded");
    expect(events.map((event) => event.payload)).toEqual([
      { pr: pr.number, action: "request-changes", thread: requested.thread?.id },
      { pr: pr.number, action: "resolve", thread: requested.thread?.id },
    ]);
    // The review's words live in the scm's record, not in the event log.
    expect(JSON.stringify(events)).not.toContain("empty password");
  });

  it("approves a pull request the session row does not know yet, found by its branch", async () => {
    const fixture = makeLocalModeFixture();
    const worktree = fixture.session("app-1", "feat/ok", { "ok.txt": "ok\n" });
    const pr = await fixture.openPull("feat/ok", worktree);
    const result = await reviewSession(
      fixture.ctx,
      "app-1",
      { approve: true, body: "lgtm" },
      {
        configPath: fixture.configPath,
      },
    );
    expect(result.thread).toBeUndefined();
    expect(result.pr).toMatchObject({ number: pr.number, url: pr.url, base: "main" });
    expect((await (await fixture.scm()).observe([pr])).get(pr.number)?.review.decision).toBe("approved");
  });

  it("says there is no pull request yet, with a hint", async () => {
    const fixture = makeLocalModeFixture();
    fixture.session("app-1", "feat/early", { "a.txt": "a\n" });
    const error = await failure(
      reviewSession(fixture.ctx, "app-1", { approve: true }, { configPath: fixture.configPath }),
    );
    expect(error.code).toBe("E_NOT_FOUND");
    expect(error.message).toBe("app-1 has no pull request yet (branch feat/early)");
    expect(error.hint).toContain("ao status --refresh");
  });

  it("refuses a project without a configured scm, and an unknown session", async () => {
    const fixture = makeLocalModeFixture({ scmYaml: "agent: claude-code" });
    fixture.session("app-1", "feat/x", { "x.txt": "x\n" });
    const options = { configPath: fixture.configPath };
    const noScm = await failure(reviewSession(fixture.ctx, "app-1", { approve: true }, options));
    expect(noScm).toMatchObject({ code: "E_CONFIG_INVALID", exitCode: 2 });
    expect(noScm.hint).toContain("set `scm: <plugin>` in the project (built-in: local");
    const unknown = await failure(reviewSession(fixture.ctx, "app-9", { approve: true }, options));
    expect(unknown.code).toBe("E_NOT_FOUND");
  });
});

describe("ao merge (core, local mode)", () => {
  it("lands the session's change on main of the main checkout and records it", async () => {
    const fixture = makeLocalModeFixture();
    const worktree = fixture.session("app-1", "feat/land", { "land.txt": "landed\n" });
    const pr = await fixture.openPull("feat/land", worktree);
    const result = await mergeSession(fixture.ctx, "app-1", { configPath: fixture.configPath });
    expect(result).toMatchObject({ session: "app-1", sha: pr.headSha, review: "none" });
    expect(result.method).toBeUndefined(); // scm/local's own default: merge, here a fast-forward
    expect(runGit(fixture.repo, ["rev-parse", "main"])).toBe(pr.headSha);
    expect(readFileSync(join(fixture.repo, "land.txt"), "utf8")).toBe("landed\n");
    expect((await (await fixture.scm()).findPullRequest("feat/land"))?.state).toBe("merged");
    const merged = fixture.events("app-1").find((event) => event.type === "pr.merged");
    expect(merged?.payload).toMatchObject({ number: pr.number, sha: pr.headSha, by: "ao merge" });

    const again = await failure(mergeSession(fixture.ctx, "app-1", { configPath: fixture.configPath }));
    expect(again.code).toBe("E_MERGE_REJECTED");
    expect(again.message).toBe(`app-1: pull request #${String(pr.number)} was not merged: it is merged`);
  });

  it("refuses while CI is failing; --force merges, records it, and the session ends merged (issue 18)", async () => {
    const fixture = makeLocalModeFixture({ ci: ["node -e process.exit(1)"] });
    const worktree = fixture.session("app-1", "feat/red", { "red.txt": "red\n" });
    const pr = await fixture.openPull("feat/red", worktree);
    const scm = await fixture.scm();
    await eventually(async () => {
      const seen = (await scm.observe([{ number: pr.number, branch: "feat/red" }])).get(pr.number);
      return seen?.ci.state === "failing" ? seen : undefined;
    }, "failing CI");
    // What the lifecycle writes when it sees the red run.
    const store = openStore(fixture.ctx);
    writeTransaction(store, (tx) =>
      updateSession(
        tx,
        "app-1",
        { status: "ci_failed", reason: "ci_failing" },
        { type: "session.status", payload: { from: "working", to: "ci_failed", reason: "ci_failing" } },
      ),
    );
    closeStore(store);
    const mainBefore = runGit(fixture.repo, ["rev-parse", "main"]);
    const options = { configPath: fixture.configPath };

    const refused = await failure(mergeSession(fixture.ctx, "app-1", options));
    expect(refused.code).toBe("E_MERGE_REJECTED");
    expect(refused.message).toBe(
      `app-1: pull request #${String(pr.number)} was not merged: its CI is failing (node -e process.exit(1))`,
    );
    expect(refused.hint).toContain("ao merge app-1 --force");
    expect(runGit(fixture.repo, ["rev-parse", "main"])).toBe(mainBefore);
    expect(fixture.events("app-1").some((event) => event.type === "pr.merged")).toBe(false);

    const forced = await mergeSession(fixture.ctx, "app-1", { ...options, force: true });
    expect(forced).toMatchObject({ ci: "failing", forced: true, sha: pr.headSha });
    expect(runGit(fixture.repo, ["rev-parse", "main"])).toBe(pr.headSha);
    const merged = fixture.events("app-1").find((event) => event.type === "pr.merged");
    expect(merged?.payload).toMatchObject({ ci: "failing", forced: true, by: "ao merge" });
    expect(readSession(fixture.ctx, "app-1")).toMatchObject({ status: "merged", reason: "pr_merged" });
    const status = fixture.events("app-1").filter((event) => event.type === "session.status");
    expect(status.at(-1)?.payload).toEqual({ from: "ci_failed", to: "merged", reason: "pr_merged" });
  });

  it("refuses over uncommitted changes in the main checkout and loses nothing", async () => {
    const fixture = makeLocalModeFixture();
    const worktree = fixture.session("app-1", "feat/dirty", { "feature.txt": "f\n" });
    await fixture.openPull("feat/dirty", worktree);
    const mainBefore = runGit(fixture.repo, ["rev-parse", "main"]);
    writeFileSync(join(fixture.repo, "README.md"), "my unsaved edit\n");
    const error = await failure(mergeSession(fixture.ctx, "app-1", { configPath: fixture.configPath }));
    expect(error.code).toBe("E_MERGE_REJECTED");
    expect(error.message).toMatch(
      /^app-1: pull request #1 was not merged: .* has uncommitted changes \(README\.md\)$/,
    );
    expect(error.hint).toContain("commit or stash");
    expect(error.details).toMatchObject({ session: "app-1", pr: 1 });
    expect(readFileSync(join(fixture.repo, "README.md"), "utf8")).toBe("my unsaved edit\n");
    expect(runGit(fixture.repo, ["rev-parse", "main"])).toBe(mainBefore);
    expect(fixture.events("app-1").some((event) => event.type === "pr.merged")).toBe(false);
  });

  it("refuses a branch that conflicts with main, naming the files", async () => {
    const fixture = makeLocalModeFixture();
    const worktree = fixture.session("app-1", "feat/clash", { "README.md": "theirs\n" });
    await fixture.openPull("feat/clash", worktree);
    commitFiles(fixture.repo, { "README.md": "ours\n" }, "main moves");
    const error = await failure(mergeSession(fixture.ctx, "app-1", { configPath: fixture.configPath }));
    expect(error.code).toBe("E_MERGE_REJECTED");
    expect(error.message).toContain("it conflicts with its base in README.md");
    expect(error.hint).toContain("ao send app-1");
  });

  it("merges the head observed now, including the agent's latest commit", async () => {
    const fixture = makeLocalModeFixture();
    const worktree = fixture.session("app-1", "feat/more", { "one.txt": "1\n" });
    await fixture.openPull("feat/more", worktree);
    const latest = commitFiles(worktree, { "two.txt": "2\n" });
    const result = await mergeSession(fixture.ctx, "app-1", {
      method: "squash",
      configPath: fixture.configPath,
    });
    expect(result.sha).toBe(latest);
    expect(readFileSync(join(fixture.repo, "two.txt"), "utf8")).toBe("2\n");
  });

  it("with an expected head, refuses another one and merges nothing; merges the one expected", async () => {
    const fixture = makeLocalModeFixture();
    const worktree = fixture.session("app-1", "feat/guard", { "one.txt": "1\n" });
    const shown = await fixture.openPull("feat/guard", worktree);
    const pushed = commitFiles(worktree, { "two.txt": "2\n" });
    const mainBefore = runGit(fixture.repo, ["rev-parse", "main"]);
    const options = { configPath: fixture.configPath };
    const stale = await failure(
      mergeSession(fixture.ctx, "app-1", { ...options, expectedSha: shown.headSha }),
    );
    expect(stale.code).toBe("E_MERGE_REJECTED");
    expect(stale.message).toContain(`is at ${pushed.slice(0, 12)}, not at ${shown.headSha.slice(0, 12)}`);
    expect(stale.details).toMatchObject({ head: pushed, expected: shown.headSha });
    expect(runGit(fixture.repo, ["rev-parse", "main"])).toBe(mainBefore);
    const bad = await failure(mergeSession(fixture.ctx, "app-1", { ...options, expectedSha: "zz" }));
    expect(bad.code).toBe("E_MERGE_REJECTED");
    const merged = await mergeSession(fixture.ctx, "app-1", { ...options, expectedSha: pushed.slice(0, 7) });
    expect(merged.sha).toBe(pushed);
    expect(runGit(fixture.repo, ["rev-parse", "main"])).toBe(pushed);
  });
});
