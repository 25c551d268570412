import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseFragment, release, renderRelease } from "../../scripts/changelog.mjs";
import { makeTempDir } from "../helpers/temp-dir.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const script = join(root, "scripts/changelog.mjs");

const parse = parseFragment;

describe("changelog fragments", () => {
  it("every fragment in changelog/unreleased is well formed", () => {
    const result = spawnSync(process.execPath, [script, "check"], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("CHANGELOG.md's Unreleased section holds no bullets: changes go in fragments", () => {
    const text = readFileSync(join(root, "CHANGELOG.md"), "utf8");
    const unreleased = text.slice(text.indexOf("## [Unreleased]")).split(/\n## /)[0] ?? "";
    expect(unreleased).not.toMatch(/^- /m);
  });

  it("refuses a fragment without a known type, text, or kebab-case name", () => {
    expect(parse("ok-name.md", "---\ntype: fixed\n---\nText.\n")).toMatchObject({
      type: "fixed",
      body: "Text.",
    });
    expect(parse("ok-name.md", "---\ntype: oops\n---\nText.\n").problems).toEqual([
      expect.stringContaining("type must be one of"),
    ]);
    expect(parse("ok-name.md", "---\ntype: added\n---\n\n").problems).toEqual([
      expect.stringContaining("no text"),
    ]);
    expect(parse("Bad Name.md", "---\ntype: added\n---\nx\n").problems).toEqual([
      expect.stringContaining("kebab"),
    ]);
    expect(parse("ok-name.md", "no front matter").problems).toEqual([
      expect.stringContaining("no front matter"),
    ]);
  });

  it("renders sections in Keep a Changelog order whatever the fragments' order", () => {
    const text = renderRelease("[1.0.0] - 2026-12-03", [
      { type: "security", body: "S" },
      { type: "fixed", body: "F\nsecond line" },
      { type: "added", body: "A" },
    ]);
    expect(text.indexOf("### Added")).toBeLessThan(text.indexOf("### Fixed"));
    expect(text.indexOf("### Fixed")).toBeLessThan(text.indexOf("### Security"));
    expect(text).toContain("- F\n  second line");
  });

  it("release writes the fragments after Unreleased, above older releases, and removes them", () => {
    const dir = makeTempDir("ao-changelog-");
    mkdirSync(join(dir, "changelog/unreleased"), { recursive: true });
    cpSync(join(root, "CHANGELOG.md"), join(dir, "CHANGELOG.md"));
    const old = readFileSync(join(dir, "CHANGELOG.md"), "utf8") + "\n## [0.0.1] - 2026-01-01\n\n- Old.\n";
    writeFileSync(join(dir, "CHANGELOG.md"), old);
    writeFileSync(join(dir, "changelog/unreleased/new-thing.md"), "---\ntype: added\n---\nNew thing.\n");
    expect(release(dir, "0.2.0", "2026-12-03")).toBe(1);
    const text = readFileSync(join(dir, "CHANGELOG.md"), "utf8");
    expect(text.indexOf("## [Unreleased]")).toBeLessThan(text.indexOf("## [0.2.0] - 2026-12-03"));
    expect(text.indexOf("- New thing.")).toBeLessThan(text.indexOf("## [0.0.1]"));
    expect(readdirSync(join(dir, "changelog/unreleased"))).toEqual([]);
  });
});
