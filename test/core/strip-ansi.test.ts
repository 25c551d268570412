import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stripAnsi } from "../../src/core/strip-ansi.js";

describe("stripAnsi", () => {
  it("removes colours, cursor moves, private modes and one-byte CSI", () => {
    expect(stripAnsi("\u001b[1;31mred\u001b[0m \u001b[2K\u001b[?25lok\u009b32mgreen")).toBe("red okgreen");
  });

  it("removes OSC titles and hyperlinks ended by BEL or ST, and two-byte escapes", () => {
    const link = "\u001b]8;;https://example.test\u0007docs\u001b]8;;\u001b\\";
    expect(stripAnsi(`\u001b]0;title\u0007${link}\u001bM!`)).toBe("docs!");
  });

  it("leaves text, tabs, newlines and carriage returns alone", () => {
    expect(stripAnsi("a\tb\r\nc — ✓")).toBe("a\tb\r\nc — ✓");
  });
});

describe("one way to strip escapes", () => {
  it("no other source file removes escape sequences with a regular expression of its own", () => {
    const sources = readdirSync("src", { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && file !== "core/strip-ansi.ts",
    );
    const own = sources.filter((file) =>
      readFileSync(join("src", file), "utf8")
        .split("\n")
        .some((line) => /\/[^/\n]*\\(u001b|x1b|u009b)\\\[/i.test(line)),
    );
    expect(own).toEqual([]);
  });
});
