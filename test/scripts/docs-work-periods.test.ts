import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** "in session 9", "### Session 8", "sessions 6–7": a work period's name, which no reader can place. */
const WORK_PERIOD = /\bsessions? \d+\b/i;

function pages(): string[] {
  const docs = readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name));
  const fragments = readdirSync("changelog/unreleased").map((name) => join("changelog/unreleased", name));
  return ["README.md", "CHANGELOG.md", ...docs, ...fragments];
}

describe("docs date their figures and name commits, not work periods", () => {
  it("no page names a work period ('session 9')", () => {
    const named = pages().flatMap((page) =>
      readFileSync(page, "utf8")
        .split("\n")
        .map((line, at) => ({ page, line: at + 1, text: line }))
        .filter(({ text }) => WORK_PERIOD.test(text.replace(/`[^`]*`/g, ""))),
    );
    expect(named).toEqual([]);
  });
});
