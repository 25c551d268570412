import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { looksLikeReference, resolveTask } from "../../../src/core/sessions/resolve-task.js";
import type { Tracker } from "../../../src/core/slots/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** A tracker that fails the test when it is asked about anything. */
const unaskable = (): Promise<Tracker> => Promise.reject(new Error("the tracker was asked"));

describe("a single word is a task, only reference-looking text is an issue (issue 18)", () => {
  it("takes `refactor` and other words as a task without asking the tracker", async () => {
    const cwd = makeTempDir("ao-ref-");
    for (const word of ["refactor", "cleanup", "fix/login", "v2", "README"]) {
      const task = await resolveTask({ issue: word }, unaskable, cwd);
      expect(task).toMatchObject({ issueId: null, title: word });
    }
  });

  it("knows numbers, #n, KEY-n, URLs and existing files as references", () => {
    const cwd = makeTempDir("ao-ref-");
    mkdirSync(join(cwd, ".ao", "issues"), { recursive: true });
    writeFileSync(join(cwd, ".ao", "issues", "3-fix-it.md"), "# Fix it\n");
    for (const ref of ["42", "#42", "ENG-12", "https://github.com/acme/app/issues/3", "file:///x/3-a.md"])
      expect(looksLikeReference(ref, cwd)).toBe(true);
    expect(looksLikeReference(".ao/issues/3-fix-it.md", cwd)).toBe(true);
    expect(looksLikeReference(".ao/issues/9-gone.md", cwd)).toBe(false);
    expect(looksLikeReference("refactor", cwd)).toBe(false);
  });
});
