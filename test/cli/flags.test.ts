import { Command } from "commander";
import { describe, expect, expectTypeOf, it } from "vitest";
import { AoError } from "../../src/core/errors.js";
import { jsonFlag, timeoutFlag } from "../../src/cli/common-flags.js";
import {
  addFlags,
  defineFlags,
  flagName,
  readFlags,
  type FlagSpecs,
  type Flags,
} from "../../src/cli/flags.js";

const SPECS = defineFlags({
  ...jsonFlag(),
  dryRun: { type: "boolean", short: "-n", description: "only say" },
  wait: { type: "boolean", description: "wait", negate: "do not wait" },
  file: { type: "string", value: "path", description: "a file" },
  lines: { type: "number", min: 1, max: 100, default: "20", description: "how many" },
  limit: { type: "number", min: 1, description: "at most" },
  ...timeoutFlag("how long", "10s"),
  port: { type: "port", description: "where" },
  list: { type: "enum", values: ["sessions", "projects"], description: "what" },
  label: { type: "list", value: "label", description: "a label (repeat for more)" },
});

/** A command with the specs (SPECS unless given), parsed from argv; its flags read once the action runs. */
async function parse(argv: string[]): Promise<Flags<typeof SPECS>>;
async function parse<T extends FlagSpecs>(argv: string[], specs: T): Promise<Flags<T>>;
async function parse(argv: string[], specs: FlagSpecs = SPECS): Promise<Flags<FlagSpecs>> {
  let read: Promise<Flags<FlagSpecs>> | undefined;
  const command = addFlags(quietCommand(), specs).action((_opts, self: Command) => {
    read = readFlags(specs, self);
  });
  await command.parseAsync(argv, { from: "user" });
  if (read === undefined) throw new Error("the action did not run");
  return read;
}

/** Commander's errors thrown (exitOverride), not printed. */
function quietCommand(): Command {
  return new Command("x").exitOverride().configureOutput({ writeErr: () => undefined });
}

async function usageError(argv: string[]): Promise<AoError> {
  const error = await parse(argv).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AoError)) throw new Error(`expected an AoError, got ${String(error)}`);
  expect(error.code).toBe("E_USAGE");
  expect(error.exitCode).toBe(2);
  return error;
}

describe("flags declared once (src/cli/flags.ts)", () => {
  it("infers each flag's type from the declaration", () => {
    expectTypeOf<Flags<typeof SPECS>>().toEqualTypeOf<{
      json: boolean;
      dryRun: boolean;
      wait: boolean | undefined;
      file: string | undefined;
      lines: number;
      limit: number | undefined;
      timeout: number;
      port: number | undefined;
      list: "sessions" | "projects" | undefined;
      label: string[];
    }>();
  });

  it("gives defaults, false for absent booleans and undefined for absent values", async () => {
    expect(await parse([])).toEqual({
      json: false,
      dryRun: false,
      wait: undefined,
      file: undefined,
      lines: 20,
      limit: undefined,
      timeout: 10_000,
      port: undefined,
      list: undefined,
      label: [],
    });
  });

  it("parses what was given: kebab-case names, short aliases, negation, each type", async () => {
    const given = ["--json", "-n", "--no-wait", "--file", "a.md", "--lines", "7", "--limit", "3"];
    given.push("--timeout", "2m", "--port", "0", "--list", "projects", "--label", "a", "--label", "b");
    const flags = await parse(given);
    expect(flags).toEqual({
      json: true,
      dryRun: true,
      wait: false,
      file: "a.md",
      lines: 7,
      limit: 3,
      timeout: 120_000,
      port: 0,
      list: "projects",
      label: ["a", "b"],
    });
    expect((await parse(["--dry-run", "--wait"])).wait).toBe(true);
    expect(flagName("overBudget")).toBe("--over-budget");
  });

  it("declares the same options, in --help too, as the hand-written .option() calls", () => {
    const byHand = new Command("x")
      .option("--json", "print the result as JSON")
      .option("-n, --dry-run", "only say")
      .option("--wait", "wait")
      .option("--no-wait", "do not wait")
      .option("--file <path>", "a file")
      .option("--lines <n>", "how many", "20")
      .option("--limit <n>", "at most")
      .option("--timeout <duration>", "how long", "10s")
      .option("--port <port>", "where")
      .option("--list <value>", "what")
      .option(
        "--label <label>",
        "a label (repeat for more)",
        (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
      );
    const declared = addFlags(new Command("x"), SPECS);
    expect(declared.helpInformation()).toBe(byHand.helpInformation());
    expect(declared.options.map((option) => option.flags)).toEqual(
      byHand.options.map((option) => option.flags),
    );
  });

  it("refuses bad values as usage errors naming the flag, with a hint", async () => {
    const lines = await usageError(["--lines", "0"]);
    expect(lines.message).toBe('--lines must be a whole number from 1 to 100, not "0"');
    expect(lines.hint).toBe("for example: --lines 20");
    const limit = await usageError(["--limit", "2.5"]);
    expect(limit.message).toBe('--limit must be a whole number, at least 1, not "2.5"');
    expect((await usageError(["--limit", ""])).message).toContain('not ""');
    expect((await usageError(["--timeout", "soon"])).message).toBe('--timeout "soon" is not a duration');
    expect((await usageError(["--port", "70000"])).message).toBe("--port 70000 is not a port");
    const list = await usageError(["--list", "turns"]);
    expect(list.message).toBe('--list "turns" is not one of: sessions, projects');
    expect(list.hint).toBe("use one of: sessions, projects");
  });

  describe("required flags and off-switches", () => {
    const MORE = defineFlags({
      file: { type: "string", value: "path", required: true, description: "the file" },
      revision: { type: "number", min: 1, value: "n", required: true, description: "which one" },
      open: { type: "boolean", default: true, description: "do not open a browser" },
    });

    it("types a required flag as always given and an off-switch as a plain boolean", async () => {
      expectTypeOf<Flags<typeof MORE>>().toEqualTypeOf<{ file: string; revision: number; open: boolean }>();
      const given = ["--file", "a.md", "--revision", "3"];
      expect(await parse(given, MORE)).toEqual({ file: "a.md", revision: 3, open: true });
      expect((await parse([...given, "--no-open"], MORE)).open).toBe(false);
    });

    it("declares them as requiredOption() and a lone --no-<name>, as by hand", () => {
      const byHand = new Command("x")
        .requiredOption("--file <path>", "the file")
        .requiredOption("--revision <n>", "which one")
        .option("--no-open", "do not open a browser");
      const declared = addFlags(new Command("x"), MORE);
      expect(declared.helpInformation()).toBe(byHand.helpInformation());
      expect(declared.options.map((option) => [option.flags, option.mandatory])).toEqual(
        byHand.options.map((option) => [option.flags, option.mandatory]),
      );
    });

    it("refuses a missing required flag and --open, which the off-switch does not declare", async () => {
      const missing = parse(["--revision", "3"], MORE);
      await expect(missing).rejects.toMatchObject({ code: "commander.missingMandatoryOptionValue" });
      await expect(missing).rejects.toThrow("required option '--file <path>' not specified");
      const on = parse(["--file", "a", "--revision", "3", "--open"], MORE);
      await expect(on).rejects.toMatchObject({ code: "commander.unknownOption" });
      const zero = await parse(["--file", "a", "--revision", "0"], MORE).catch((error: unknown) => error);
      expect(zero).toBeInstanceOf(AoError);
      expect((zero as AoError).message).toBe('--revision must be a whole number, at least 1, not "0"');
    });
  });
});
