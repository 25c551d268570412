import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import {
  createProjectIssue,
  listProjectIssues,
  showProjectIssue,
} from "../../../src/core/issues/issue-commands.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeLocalModeFixture } from "../sessions/local-mode-fixture.js";

describe("ao issue (core, tracker/local)", () => {
  it("files issues as Markdown files, lists them by label and state, and shows one", async () => {
    const fixture = makeLocalModeFixture();
    const options = { configPath: fixture.configPath };
    const bodyFile = join(makeTempDir("ao-body-"), "body.md");
    writeFileSync(bodyFile, "After login we land on /undefined.\n");
    const first = await createProjectIssue(
      fixture.ctx,
      { title: "Fix the login redirect", bodyFile, labels: ["bug", "auth"] },
      options,
    );
    expect(first).toMatchObject({
      project: "app",
      issue: { id: "1", labels: ["bug", "auth"], state: "open" },
    });
    const file = join(fixture.repo, ".ao", "issues", "1-fix-the-login-redirect.md");
    expect(readFileSync(file, "utf8")).toContain("After login we land on /undefined.");
    await createProjectIssue(fixture.ctx, { title: "Write docs", body: "Explain ao ci." }, options);

    const bugs = await listProjectIssues(fixture.ctx, { labels: ["bug"] }, options);
    expect(bugs.issues.map((issue) => issue.title)).toEqual(["Fix the login redirect"]);
    const all = await listProjectIssues(fixture.ctx, { state: "all" }, options);
    expect(all.issues.map((issue) => issue.id)).toEqual(["1", "2"]);
    const closed = await listProjectIssues(fixture.ctx, { state: "closed" }, options);
    expect(closed.issues).toEqual([]);

    const shown = await showProjectIssue(fixture.ctx, "#2", options);
    expect(shown.issue).toMatchObject({ title: "Write docs", body: "Explain ao ci." });
  });

  it("refuses an empty title, both --body and --body-file, and an unknown project", async () => {
    const fixture = makeLocalModeFixture();
    const options = { configPath: fixture.configPath };
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => "resolved",
        (e: unknown) => (isAoError(e) ? `${e.code} ${e.message}` : String(e)),
      );
    expect(await codeOf(createProjectIssue(fixture.ctx, { title: "  " }, options))).toBe(
      "E_USAGE an issue needs a title",
    );
    expect(
      await codeOf(createProjectIssue(fixture.ctx, { title: "t", body: "b", bodyFile: "f" }, options)),
    ).toMatch(/^E_USAGE give the body either/);
    expect(
      await codeOf(createProjectIssue(fixture.ctx, { title: "t" }, { ...options, project: "nope" })),
    ).toMatch(/^E_NOT_FOUND no project "nope"/);
  });

  it("asks which project when two projects share the checkout around the current directory", async () => {
    const fixture = makeLocalModeFixture();
    const yaml = readFileSync(fixture.configPath, "utf8");
    writeFileSync(fixture.configPath, `${yaml}  docs:\n    path: ${fixture.repo}\n    tracker: local\n`);
    const inRepo = { ...fixture.ctx, cwd: fixture.repo };
    const options = { configPath: fixture.configPath };
    const error: unknown = await createProjectIssue(inRepo, { title: "t" }, options).catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_USAGE");
    expect(isAoError(error) && error.message).toMatch(
      /^which project\? app and docs in .* share the checkout/,
    );
    expect(isAoError(error) && error.hint).toBe("pass --project <id> (--project app or --project docs)");
    const named = await createProjectIssue(inRepo, { title: "t" }, { ...options, project: "docs" });
    expect(named.project).toBe("docs");
  });
});
