import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isAoError } from "../../../src/core/errors.js";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { batchSpawn } from "../../../src/core/sessions/batch-spawn.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { renderIssueFile, type IssueFields } from "../../../src/plugins/tracker/local/issue-file.js";
import { makeSessionFixture } from "./session-fixture.js";

/** The session fixture with the real tracker/local (it lists issues) and one tracker that cannot. */
function makeFixture() {
  const f = makeSessionFixture();
  const unlisting = definePlugin({
    slot: "tracker",
    name: "unlisting",
    description: "a tracker without listIssues",
    options: z.strictObject({}),
    create: () => ({
      getIssue: () => Promise.reject(new Error("unused")),
      branchName: () => "x",
      taskPrompt: () => "",
    }),
  });
  const catalog = {
    ...f.ctx.catalog,
    tracker: {
      ...f.ctx.catalog.tracker,
      local: builtinCatalog.tracker["local"]!,
      unlisting: () => Promise.resolve(unlisting),
    },
  };
  const ctx = { ...f.ctx, catalog };
  const issueFile = (number: number, fields: Partial<IssueFields> & { title: string }) => {
    const dir = join(f.repo.dir, ".ao", "issues");
    mkdirSync(dir, { recursive: true });
    const text = renderIssueFile({ body: "", labels: [], state: "open", ...fields });
    writeFileSync(join(dir, `${String(number)}-issue.md`), text);
  };
  return { f, ctx, issueFile };
}

describe("batchSpawn with a selection", () => {
  it("spawns one session per open issue with every label, skipping issues with a live session", async () => {
    const { f, ctx, issueFile } = makeFixture();
    f.writeConfig("tracker: local");
    issueFile(1, { title: "Agent task", labels: ["agent"] });
    issueFile(2, { title: "Agent bug", labels: ["agent", "bug"] });
    issueFile(3, { title: "Plain bug", labels: ["bug"] });
    issueFile(4, { title: "Done agent task", labels: ["agent"], state: "closed" });
    const existing = await spawnSession(ctx, { project: "app", issue: "2" });
    const results = await batchSpawn(ctx, { project: "app", select: { labels: ["agent"] } });
    expect(results).toEqual([
      { issue: "1", outcome: "spawned", session: "app-2", branch: "feat/issue-1-agent-task" },
      { issue: "2", outcome: "skipped", session: existing.id },
    ]);
    expect(f.session("app-2").issue).toBe("1");
  });

  it("selects by assignee", async () => {
    const { f, ctx, issueFile } = makeFixture();
    f.writeConfig("tracker: local");
    issueFile(1, { title: "Mine", assignee: "ada" });
    issueFile(2, { title: "Theirs", assignee: "bob" });
    const results = await batchSpawn(ctx, { project: "app", select: { assignee: "ada" } });
    expect(results.map((result) => [result.issue, result.outcome])).toEqual([["1", "spawned"]]);
  });

  it("says so when the project's tracker cannot list issues, or there is no tracker", async () => {
    const { f, ctx } = makeFixture();
    f.writeConfig("tracker: unlisting");
    const error: unknown = await batchSpawn(ctx, { project: "app", select: { labels: ["agent"] } }).catch(
      (e: unknown) => e,
    );
    expect(isAoError(error) && error.code).toBe("E_USAGE");
    expect((error as Error).message).toBe(
      "project app uses tracker/unlisting, which cannot list issues, so --label/--assignee cannot find issues",
    );
    f.writeConfig("");
    await expect(batchSpawn(ctx, { project: "app", select: { labels: ["agent"] } })).rejects.toThrow(
      "project app has no tracker, so --label/--assignee cannot find issues",
    );
  });
});
