import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { insertSession, writeTransaction, type Store } from "../../../src/core/store/index.js";
import type { SessionDiffAnswer } from "../../../src/web/api/review-types.js";
import { defaultYaml } from "../../core/daemon/daemon-fixture.js";
import { sessionCreated } from "../../helpers/events.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { commitReviewWork } from "../review-fixture.js";
import { startDashboard } from "./dashboard-world.js";

/** app-1 in a real worktree of a real repository, with REVIEW_FILES committed on its branch. */
function sessionWithWork(store: Store): string {
  const repo = makeTestRepo().dir;
  const worktree = join(makeTempDir("ao-wt-"), "app-1");
  runGit(repo, ["worktree", "add", "-q", "-b", "feat/app-1", worktree]);
  const head = commitReviewWork(worktree);
  writeTransaction(store, (tx) =>
    insertSession(
      tx,
      {
        id: "app-1",
        project: "app",
        branch: "feat/app-1",
        worktree,
        runtime: "tmux",
        agent: "claude-code",
        status: "working",
      },
      sessionCreated(),
    ),
  );
  return head;
}

describe("the review's routes behind the dashboard's guard", () => {
  it("answers the diff to the logged-in page only, and refuses comments on another head or line before sending", async () => {
    let head = "";
    const w = await startDashboard((world) => {
      head = sessionWithWork(world.engine.store);
      // The actions load the daemon's configuration file, as `ao` would.
      writeFileSync(world.engine.config.path, defaultYaml());
    });
    const answer = await w.get("/api/sessions/app-1/diff");
    expect(answer.status).toBe(200);
    const diff = JSON.parse(answer.text) as SessionDiffAnswer;
    expect(diff).toMatchObject({ session: "app-1", head, base: "refs/heads/main", added: 7, removed: 0 });
    expect(diff.files.map((file) => file.path)).toEqual(["README.md", "src/login.ts"]);
    expect((await w.request("GET", "/api/sessions/app-1/diff")).status).toBe(401);
    expect((await w.get("/api/sessions/app-9/diff")).status).toBe(404);

    const comments = [{ path: "src/login.ts", line: 3, side: "new", body: "Why?" }];
    const body = JSON.stringify({ head, comments, to: "agent" });
    const path = "/api/sessions/app-1/review-comments";
    // No Origin (a form or script elsewhere), or a cross-site one: refused before anything is read.
    const bare = await w.request("POST", path, {
      headers: { cookie: w.cookie, "content-type": "application/json" },
      body,
    });
    expect(bare.status).toBe(403);
    const form = await w.request("POST", path, {
      headers: { origin: w.origin, cookie: w.cookie, "content-type": "text/plain" },
      body,
    });
    expect(form.status).toBe(415);

    const moved = await w.post(path, { head: "0123456789abcdef", comments, to: "agent" });
    expect(moved.status).toBe(409);
    expect(JSON.parse(moved.text)).toMatchObject({
      code: "E_SESSION_STATE",
      error: `app-1's branch is at ${head.slice(0, 12)}, not at 0123456789ab as reviewed: nothing was sent`,
    });
    const nowhere = await w.post(path, {
      head,
      comments: [{ path: "src/login.ts", line: 30, side: "new", body: "?" }],
      to: "agent",
    });
    expect(nowhere.status).toBe(400);
    expect(JSON.parse(nowhere.text)).toMatchObject({
      error: expect.stringContaining("comments.0: src/login.ts:30 is not a line of the diff") as unknown,
    });
    const empty = await w.post(path, { head, comments: [], to: "agent" });
    expect(JSON.parse(empty.text)).toMatchObject({
      error: expect.stringContaining("comments: write at least one comment") as unknown,
    });
    // scm/local has no line reviews of its own to post to.
    const forge = await w.post(path, { head, comments, to: "github" });
    expect(forge.status).toBe(400);
    expect(JSON.parse(forge.text)).toMatchObject({
      error: "scm/local has no reviews of its own to post line comments to",
    });
  });
});
