import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runGit } from "../helpers/git-repo.js";

/** What a session's agent committed for the review tests: a new file with a long line, and a README line. */
export const REVIEW_FILES = {
  "src/login.ts": [
    'import { session } from "./session.js";',
    "export function login(user: string, password: string): boolean {",
    "  const checked = session.check(user, password); // a long line the diff box scrolls sideways for, never the page: it goes on and on",
    "  return checked;",
    "}",
    "",
  ].join("\n"),
  "README.md": "# test repo\n\nLog in with a token.\n",
} as const;

/** The commit of REVIEW_FILES in a session's worktree; its head. */
export function commitReviewWork(worktree: string): string {
  for (const [path, text] of Object.entries(REVIEW_FILES)) {
    mkdirSync(join(worktree, path, ".."), { recursive: true });
    writeFileSync(join(worktree, path), text);
  }
  runGit(worktree, ["add", ...Object.keys(REVIEW_FILES)]);
  runGit(worktree, ["commit", "-q", "-m", "feat: log in"]);
  return runGit(worktree, ["rev-parse", "HEAD"]);
}
