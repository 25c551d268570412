import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseNumstat } from "../../../src/core/sessions/index.js";
import type { Session } from "../../../src/core/store/index.js";
import { createDiffSizes } from "../../../src/web/server/diff-sizes.js";
import { createTaskTitles, firstLine } from "../../../src/web/server/task-titles.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A session on its own branch in a real worktree of a real repository. */
function sessionOnBranch(): { session: Session; worktree: string } {
  const repo = makeTestRepo();
  const worktree = join(makeTempDir("ao-wt-"), "app-1");
  runGit(repo.dir, ["worktree", "add", "-q", "-b", "ao/fix", worktree]);
  const session = { id: "app-1", project: "app", worktree } as Session;
  return { session, worktree };
}

function commit(worktree: string, file: string, text: string): void {
  writeFileSync(join(worktree, file), text);
  runGit(worktree, ["add", file]);
  runGit(worktree, ["commit", "-q", "-m", `change ${file}`]);
}

describe("a card's diff size (git diff --numstat base...head, cached by head)", () => {
  it("is measured in the background, again only after the head moved", async () => {
    const { session, worktree } = sessionOnBranch();
    const ctx = makeTestContext();
    const calls: string[][] = [];
    const exec: typeof ctx.exec = (file, args, options) => {
      if (file === "git") calls.push([...args]);
      return ctx.exec(file, args, options);
    };
    let now = 0;
    const sizes = createDiffSizes({ ctx: { exec }, now: () => now, recheckMs: 1000 });
    commit(worktree, "a.txt", "one\ntwo\n");
    expect(sizes.of(session, "main")).toBeNull();
    await sizes.settled();
    expect(sizes.of(session, "main")).toMatchObject({
      added: 2,
      removed: 0,
      files: 1,
      base: "refs/heads/main",
    });
    expect(sizes.version()).toBe(1);

    // The same head a recheck later: one rev-parse, no second diff.
    now = 1000;
    const before = calls.length;
    sizes.of(session, "main");
    await sizes.settled();
    const again = calls.slice(before);
    expect(again.filter((args) => args.includes("rev-parse"))).toHaveLength(1);
    expect(again.filter((args) => args.includes("diff"))).toEqual([]);
    expect(sizes.version()).toBe(1);

    // A new head is measured again; before the recheck time nothing runs.
    commit(worktree, "a.txt", "one\n");
    commit(worktree, "b.bin", "\0binary\0");
    now = 1500;
    sizes.of(session, "main");
    await sizes.settled();
    expect(sizes.of(session, "main")).toMatchObject({ added: 2, removed: 0, files: 1 });
    now = 2000;
    sizes.of(session, "main");
    await sizes.settled();
    expect(sizes.of(session, "main")).toMatchObject({ added: 1, removed: 0, files: 2 });
    expect(sizes.version()).toBe(2);
  });

  it("stays unknown for a checkout that is gone, and sums numstat's lines (binary files count as files)", async () => {
    const sizes = createDiffSizes({ ctx: makeTestContext(), now: () => 0 });
    const gone = { id: "app-2", project: "app", worktree: "/nowhere/app-2" } as Session;
    sizes.of(gone, "main");
    await sizes.settled();
    expect(sizes.of(gone, "main")).toBeNull();
    expect(parseNumstat("3\t1\ta.ts\n-\t-\timg.png\n10\t0\tb.ts\n")).toEqual({
      added: 13,
      removed: 1,
      files: 3,
    });
    expect(parseNumstat("")).toEqual({ added: 0, removed: 0, files: 0 });
  });
});

describe("a card's title from its task", () => {
  it("is the task's first line, without a heading's #s, cut and redacted", () => {
    expect(firstLine("\n# Fix the login bug\n\nThe form loses it.")).toBe("Fix the login bug");
    expect(firstLine("## GitHub issue #12: Crash on start")).toBe("GitHub issue #12: Crash on start");
    expect(firstLine("   \n\n")).toBeUndefined();
    expect(firstLine("x".repeat(300))).toHaveLength(120);
    expect(firstLine("use ghp_0123456789abcdefghijABCDEFGHIJ012345 to push")).not.toContain("ghp_0123456789");
  });

  it("is read from the session's task file once it exists", () => {
    const prompts = makeTempDir("ao-prompts-");
    const titles = createTaskTitles({ prompts });
    expect(titles("app-1")).toBeUndefined();
    mkdirSync(join(prompts, "app-1"));
    writeFileSync(join(prompts, "app-1", "task.md"), "Write the changelog\nwith care\n");
    expect(titles("app-1")).toBe("Write the changelog");
  });
});
