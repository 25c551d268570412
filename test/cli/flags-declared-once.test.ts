import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../src/cli", import.meta.url));

/** The one file that turns declarations into commander options. */
const DECLARES = "flags.ts";

/**
 * Files (relative to src/cli) allowed to declare an option by hand, each with the reason
 * src/cli/flags.ts cannot express it. None today: the global options (program.ts) and every
 * command's flags go through `defineFlags`/`addFlags`.
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {};

/** `.option(`, `.requiredOption(`, `.addOption(` and `new Option(`, also split over lines. */
const HAND_DECLARED = /\.\s*(?:option|requiredOption|addOption)\s*\(|\bnew\s+Option\s*\(/;

function sourceFiles(): string[] {
  return readdirSync(CLI, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => path.split("\\").join("/"))
    .sort();
}

function declaresByHand(path: string): boolean {
  return HAND_DECLARED.test(readFileSync(join(CLI, path), "utf8"));
}

describe("flags declared once: only src/cli/flags.ts calls commander's .option()", () => {
  it("finds the command files it checks, and flags.ts's own calls", () => {
    const files = sourceFiles();
    expect(files).toContain("commands/plan.ts");
    expect(files.length).toBeGreaterThan(40);
    expect(declaresByHand(DECLARES)).toBe(true);
  });

  it("has no other file under src/cli declare an option by hand (but the named exceptions)", () => {
    const offenders = sourceFiles().filter(
      (path) => path !== DECLARES && !(path in EXCEPTIONS) && declaresByHand(path),
    );
    expect(offenders, "declare these flags with defineFlags/addFlags (src/cli/flags.ts)").toEqual([]);
    const stale = Object.keys(EXCEPTIONS).filter((path) => !declaresByHand(path));
    expect(stale, "no longer declare options by hand: remove them from EXCEPTIONS").toEqual([]);
  });
});
