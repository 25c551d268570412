import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clockFromEnv } from "../../src/core/clock.js";
import { createNodeContext } from "../../src/core/context.js";
import { isAoError } from "../../src/core/errors.js";
import { emptyCatalog } from "../../src/core/registry/catalog.js";
import { makeTempDir } from "../helpers/temp-dir.js";

/** What `run` throws, or undefined. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("ao's clock and the test variable AO_CLOCK_FILE (issue 30)", () => {
  it("is the machine's time when the variable is unset or empty", () => {
    for (const env of [{}, { AO_CLOCK_FILE: "" }]) {
      const before = Date.now();
      const now = clockFromEnv(env).now();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    }
  });

  it("adds the file's milliseconds, re-read on every call, so a test moves time while ao runs", () => {
    const file = join(makeTempDir(), "clock");
    writeFileSync(file, "3600000\n");
    const clock = clockFromEnv({ AO_CLOCK_FILE: file });
    expect(clock.now() - Date.now()).toBeGreaterThan(3_599_000);
    writeFileSync(file, "-86400000");
    expect(Date.now() - clock.now()).toBeGreaterThan(86_399_000);
  });

  it("is the context's clock, so the CLI and the daemon it starts both read it", () => {
    const file = join(makeTempDir(), "clock");
    writeFileSync(file, "7200000");
    const env = { AO_CLOCK_FILE: file, AO_HOME: makeTempDir() };
    const out = { write: () => true };
    const ctx = createNodeContext({ env, cwd: "/", catalog: emptyCatalog(), stdout: out, stderr: out });
    expect(ctx.clock.now() - Date.now()).toBeGreaterThan(7_199_000);
  });

  it("refuses a file that is missing or holds no whole number, naming the file and the variable", () => {
    const dir = makeTempDir();
    const missing = join(dir, "none");
    const bad = join(dir, "clock");
    writeFileSync(bad, "soon");
    for (const file of [missing, bad]) {
      const error = thrown(() => clockFromEnv({ AO_CLOCK_FILE: file }));
      expect(isAoError(error) && error.code).toBe("E_USAGE");
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).toContain("AO_CLOCK_FILE");
    }
    writeFileSync(bad, "0");
    const clock = clockFromEnv({ AO_CLOCK_FILE: bad });
    writeFileSync(bad, "");
    expect(isAoError(thrown(() => clock.now()))).toBe(true);
  });
});
