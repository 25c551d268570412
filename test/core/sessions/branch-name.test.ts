import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  branchNameFor,
  MAX_SLUG_BRANCH_LENGTH,
  MAX_TRACKER_BRANCH_BYTES,
  sanitizeBranchName,
  slugify,
} from "../../../src/core/sessions/branch-name.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** The oracle: real git decides whether a name is a valid branch name (and prints it back unchanged). */
function gitAcceptsBranch(name: string, cwd: string): boolean {
  try {
    const printed = execFileSync("git", ["check-ref-format", "--branch", name], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, LC_ALL: "C" },
    });
    return printed.replace(/\n$/, "") === name;
  } catch {
    return false;
  }
}

/** Text that tries hard to break ref rules: git's special characters mixed with any unicode. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      ".",
      "/",
      "@",
      "{",
      "-",
      ".lock",
      "..",
      "@{",
      " ",
      "~",
      "^",
      ":",
      "?",
      "*",
      "[",
      "\\",
      "\t",
    ),
    fc.constantFrom("\u0000", "\u001f", "\u007f", "\u00a0", "é", "ß", "İ", "日本", "\ud800", "😀"),
    fc.string({ unit: "binary", maxLength: 3 }),
    fc.string({ unit: "grapheme-ascii", maxLength: 4 }),
  ),
  maxLength: 40,
});

describe("branchNameFor", () => {
  it("prefers the tracker's branch name", () => {
    expect(
      branchNameFor({ trackerBranch: "alice/eng-42-fix-login", issueId: "ENG-42", sessionId: "app-1" }),
    ).toBe("alice/eng-42-fix-login");
  });

  it("makes feat/<issue>-<slug> from an issue", () => {
    expect(branchNameFor({ issueId: "#123", title: "Fix the Login bug!", sessionId: "app-1" })).toBe(
      "feat/123-fix-the-login-bug",
    );
    expect(branchNameFor({ issueId: "ENG-42", sessionId: "app-1" })).toBe("feat/eng-42");
  });

  it("makes ao/<slug> from free text, and from the session id when the text has no letters", () => {
    expect(branchNameFor({ title: "Café: add dark mode", sessionId: "app-1" })).toBe("ao/cafe-add-dark-mode");
    expect(branchNameFor({ title: "日本語", sessionId: "app-7" })).toBe("ao/app-7");
  });

  it("falls back to a slug when the tracker's name is unusable", () => {
    expect(branchNameFor({ trackerBranch: "..", issueId: "9", title: "x", sessionId: "app-1" })).toBe(
      "feat/9-x",
    );
  });

  it("cuts long titles at a word boundary", () => {
    const name = branchNameFor({ issueId: "77", title: "word ".repeat(40), sessionId: "app-1" });
    expect(name.length).toBeLessThanOrEqual(MAX_SLUG_BRANCH_LENGTH);
    expect(name).toMatch(/^feat\/77-(word-)*word$/);
  });

  it("always returns a name git accepts (fast-check, real git as the oracle)", () => {
    const cwd = makeTempDir();
    const optional = fc.option(hostileText, { nil: undefined });
    fc.assert(
      fc.property(optional, optional, optional, hostileText, (trackerBranch, issueId, title, sessionId) => {
        const name = branchNameFor({ trackerBranch, issueId, title, sessionId });
        expect(gitAcceptsBranch(name, cwd), JSON.stringify(name)).toBe(true);
        if (trackerBranch === undefined) {
          expect(name.length).toBeLessThanOrEqual(MAX_SLUG_BRANCH_LENGTH);
          expect(name).toMatch(/^[a-z0-9/-]+$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("sanitizeBranchName", () => {
  it("keeps valid names as they are, case and unicode included", () => {
    for (const name of ["feature/JIRA-1", "fix/été", "a/-b", "release/1.2.3", "@x"]) {
      expect(sanitizeBranchName(name)).toBe(name);
    }
  });

  it("repairs each rule of git-check-ref-format", () => {
    expect(sanitizeBranchName("refs/heads/topic")).toBe("topic");
    expect(sanitizeBranchName("a b~c^d:e?f*g[h\\i")).toBe("a-b-c-d-e-f-g-h-i");
    expect(sanitizeBranchName("x@{1}")).toBe("x-1}");
    expect(sanitizeBranchName("a..b")).toBe("a.b");
    expect(sanitizeBranchName("//a//.b/c.lock/")).toBe("a/b/c");
    expect(sanitizeBranchName("-lead.")).toBe("lead");
    expect(sanitizeBranchName("x.lock.")).toBe("x");
    expect(sanitizeBranchName("tab\there\u0000")).toBe("tab-here-");
  });

  it("returns undefined when nothing usable is left", () => {
    for (const name of ["", "..", "/", "/./", "HEAD", "@", "---", "refs/heads/"])
      expect(sanitizeBranchName(name)).toBeUndefined();
  });

  it("limits the length in bytes without splitting a character", () => {
    const name = sanitizeBranchName("é".repeat(300));
    expect(name).toBe("é".repeat(MAX_TRACKER_BRANCH_BYTES / 2));
  });

  it("returns only names git accepts (fast-check, real git as the oracle)", () => {
    const cwd = makeTempDir();
    fc.assert(
      fc.property(hostileText, (raw) => {
        const name = sanitizeBranchName(raw);
        if (name !== undefined) expect(gitAcceptsBranch(name, cwd), JSON.stringify(name)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("slugify", () => {
  it("folds accents and joins words with dashes", () => {
    expect(slugify("  Ünïcode -- Ärger  ")).toBe("unicode-arger");
    expect(slugify("!!!")).toBe("");
  });
});
