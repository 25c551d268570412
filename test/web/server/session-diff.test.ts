import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hostCheckout } from "../../../src/core/sessions/index.js";
import { parseUnifiedDiff, unquote } from "../../../src/web/server/diff-hunks.js";
import { placeComments, reviewTurnText } from "../../../src/web/server/review-turn.js";
import { readSessionDiff } from "../../../src/web/server/session-diff.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A session's worktree on its own branch of a real repository whose main has three files. */
function sessionWorktree(): { repo: string; worktree: string } {
  const files = { "a.txt": "one\ntwo\nthree\nfour\n", "gone.txt": "bye\n", "old name.txt": "same\n" };
  const repo = makeTestRepo({ files }).dir;
  const worktree = join(makeTempDir("ao-wt-"), "app-1");
  runGit(repo, ["worktree", "add", "-q", "-b", "ao/fix", worktree]);
  return { repo, worktree };
}

function commitAll(dir: string, message: string): string {
  runGit(dir, ["add", "-A"]);
  runGit(dir, ["commit", "-q", "-m", message]);
  return runGit(dir, ["rev-parse", "HEAD"]);
}

describe("a session's diff for review (git diff <merge base> <head>, file by file)", () => {
  it("numbers each hunk's lines on both sides and names added, deleted, renamed and binary files", async () => {
    const { repo, worktree } = sessionWorktree();
    writeFileSync(join(worktree, "a.txt"), "one\n2\nthree\nfour\nfive\n");
    writeFileSync(join(worktree, "new.ts"), "export const x = 1;\n");
    writeFileSync(join(worktree, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0, 3]));
    rmSync(join(worktree, "gone.txt"));
    runGit(worktree, ["mv", "old name.txt", "new name.txt"]);
    const head = commitAll(worktree, "the session's change");
    // A commit on main after the branch left it is not part of the session's change.
    writeFileSync(join(repo, "main-only.txt"), "later\n");
    commitAll(repo, "main moves on");

    const diff = await readSessionDiff(hostCheckout(makeTestContext(), worktree), {
      id: "app-1",
      baseBranch: "main",
    });
    expect(diff).toMatchObject({ session: "app-1", head, base: "refs/heads/main", tooLarge: null });
    expect(diff.files.map((file) => [file.path, file.status, file.binary])).toEqual([
      ["a.txt", "modified", false],
      ["gone.txt", "deleted", false],
      ["logo.png", "added", true],
      ["new name.txt", "renamed", false],
      ["new.ts", "added", false],
    ]);
    const a = diff.files[0]!;
    expect([a.added, a.removed, diff.added, diff.removed]).toEqual([2, 1, 3, 2]);
    expect(a.hunks[0]!.header).toMatch(/^@@ -1,4 \+1,5 @@/);
    expect(a.hunks[0]!.lines).toEqual([
      { kind: "context", old: 1, new: 1, text: "one" },
      { kind: "removed", old: 2, new: null, text: "two" },
      { kind: "added", old: null, new: 2, text: "2" },
      { kind: "context", old: 3, new: 3, text: "three" },
      { kind: "context", old: 4, new: 4, text: "four" },
      { kind: "added", old: null, new: 5, text: "five" },
    ]);
    expect(diff.files[3]!.oldPath).toBe("old name.txt");
    expect(diff.files[2]!.hunks).toEqual([]);
  });

  it("answers only the size over its bounds, and says why when the checkout or the base is missing", async () => {
    const { worktree } = sessionWorktree();
    writeFileSync(join(worktree, "a.txt"), "1\n2\n3\n4\n");
    writeFileSync(join(worktree, "b.txt"), "b\n");
    commitAll(worktree, "two files");
    const checkout = hostCheckout(makeTestContext(), worktree);
    const big = await readSessionDiff(
      checkout,
      { id: "app-1", baseBranch: "main" },
      { maxFiles: 1, maxLines: 100 },
    );
    expect(big.files).toEqual([]);
    expect(big.tooLarge).toEqual({ files: 2, lines: 9, maxFiles: 1, maxLines: 100 });
    await expect(readSessionDiff(checkout, { id: "app-1", baseBranch: "trunk" })).rejects.toThrow(
      /no base branch trunk to compare app-1 with/,
    );
    const gone = hostCheckout(makeTestContext(), "/nowhere/app-2");
    await expect(readSessionDiff(gone, { id: "app-2", baseBranch: "main" })).rejects.toThrow(
      /the checkout of app-2 is gone/,
    );
  });

  it("reads git's quoted paths byte for byte", () => {
    expect(unquote('"a/tab\\there \\"q\\" \\303\\251t\\303\\251"')).toBe('a/tab\there "q" été');
    const files = parseUnifiedDiff(
      [
        'diff --git "a/x\\ty" "b/x\\ty"',
        "index 1..2 100644",
        '--- "a/x\\ty"',
        '+++ "b/x\\ty"',
        "@@ -1 +1 @@",
        "-old",
        "\\ No newline at end of file",
        "+new",
        "",
      ].join("\n"),
    );
    expect(files).toMatchObject([{ path: "x\ty", added: 1, removed: 1 }]);
    expect(files[0]!.hunks[0]!.lines).toHaveLength(2);
  });
});

describe("the review's one turn", () => {
  it("quotes each comment's line under its file:line, in the diff's order, and refuses a line the diff lacks", () => {
    const files = parseUnifiedDiff(
      [
        "diff --git a/a.ts b/a.ts",
        "--- a/a.ts",
        "+++ b/a.ts",
        "@@ -1,2 +1,2 @@",
        " keep",
        "-const y = 2;",
        "+const x = 1;",
        "diff --git a/b.ts b/b.ts",
        "--- a/b.ts",
        "+++ b/b.ts",
        "@@ -9 +9 @@",
        "-old()",
        "+call()",
        "",
      ].join("\n"),
    );
    const placed = placeComments(files, [
      { path: "b.ts", line: 9, side: "new", body: "Why call it here?" },
      { path: "a.ts", line: 2, side: "new", body: "Name it better.\nSecond line." },
      { path: "a.ts", line: 2, side: "old", body: "Keep y." },
    ]);
    const text = reviewTurnText("0123456789abcdef", placed, "Nearly there.");
    expect(text).toBe(
      [
        "A person reviewed your branch at 0123456789ab and left 3 comments on the diff.",
        "Nearly there.",
        "1. a.ts:2\n   > const x = 1;\n   Name it better.\n   Second line.",
        "2. a.ts:2 (a line you removed)\n   > const y = 2;\n   Keep y.",
        "3. b.ts:9\n   > call()\n   Why call it here?",
        "Address every comment, commit, then say what you changed.",
      ].join("\n\n"),
    );
    expect(() => placeComments(files, [{ path: "a.ts", line: 7, side: "new", body: "?" }])).toThrow(
      /comments\.0: a\.ts:7 is not a line of the diff/,
    );
  });
});
