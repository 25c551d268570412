import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type * as PinoModule from "pino";
import { describe, expect, it } from "vitest";
import { createNodeContext } from "../../src/core/context.js";
import type { AoError } from "../../src/core/errors.js";
import { createLogger, logLevelFromEnv, type LoggerOptions } from "../../src/core/logger.js";
import { emptyCatalog } from "../../src/core/registry/catalog.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { captureStream } from "../helpers/test-context.js";

const realPino = createRequire(import.meta.url)("pino") as typeof PinoModule;

/** A logger whose pino loader counts how often it is asked for pino. */
function countingLogger(options: Omit<LoggerOptions, "dir" | "loadPino"> = {}) {
  const dir = join(makeTempDir(), "logs");
  const loads = { count: 0 };
  const logger = createLogger({
    ...options,
    dir,
    loadPino: () => {
      loads.count += 1;
      return realPino;
    },
  });
  const lines = () =>
    existsSync(join(dir, "ao.log"))
      ? readFileSync(join(dir, "ao.log"), "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { msg: string; level: number })
      : [];
  return { logger, loads, lines };
}

describe("ao.log's threshold", () => {
  it("is info by default: a debug record neither reaches the file nor loads pino", () => {
    const { logger, loads, lines } = countingLogger();
    logger.debug("exec", { command: "git status" });
    logger.flush();
    expect(loads.count).toBe(0);
    expect(lines()).toEqual([]);
    logger.info("kept");
    logger.flush();
    expect(loads.count).toBe(1);
    expect(lines().map((line) => line.msg)).toEqual(["kept"]);
  });

  it("keeps debug records at fileLevel debug, redacted as ever", () => {
    const { logger, loads, lines } = countingLogger({ fileLevel: "debug" });
    const token = `ghp_${"d".repeat(36)}`;
    logger.debug(`exec git push ${token}`, { password: "by-key" });
    logger.flush();
    expect(loads.count).toBe(1);
    expect(lines()).toMatchObject([{ msg: "exec git push [redacted]", level: 20, password: "[redacted]" }]);
  });

  it("drops records below a raised threshold without loading pino", () => {
    const { logger, loads, lines } = countingLogger({ fileLevel: "warn" });
    logger.debug("a");
    logger.info("b");
    expect(loads.count).toBe(0);
    logger.warn("c");
    logger.error("d");
    logger.flush();
    expect(lines().map((line) => line.msg)).toEqual(["c", "d"]);
  });
});

describe("logLevelFromEnv", () => {
  it("reads AO_LOG_LEVEL, and nothing when it is unset or empty", () => {
    expect(logLevelFromEnv({})).toBeUndefined();
    expect(logLevelFromEnv({ AO_LOG_LEVEL: "" })).toBeUndefined();
    expect(logLevelFromEnv({ AO_LOG_LEVEL: "debug" })).toBe("debug");
    expect(logLevelFromEnv({ AO_LOG_LEVEL: " WARN " })).toBe("warn");
  });

  it("rejects anything else as a usage error naming the variable and the valid levels", () => {
    let error: AoError | undefined;
    try {
      logLevelFromEnv({ AO_LOG_LEVEL: "verbose" });
    } catch (caught) {
      error = caught as AoError;
    }
    expect(error).toMatchObject({ code: "E_USAGE", exitCode: 2 });
    expect(error?.message).toContain('AO_LOG_LEVEL="verbose"');
    expect(error?.hint).toContain("debug, info, warn, error");
  });
});

describe("the node context's logger", () => {
  async function execOnce(env: Record<string, string>, fileLogLevel?: "debug") {
    const home = makeTempDir();
    const ctx = createNodeContext({
      env: { AO_HOME: home, PATH: process.env["PATH"], ...env },
      cwd: home,
      catalog: emptyCatalog(),
      stdout: captureStream(),
      stderr: captureStream(),
      fileLogLevel,
    });
    await ctx.exec("git", ["--version"]);
    ctx.logger.flush();
    const log = join(ctx.paths.logs, "ao.log");
    return existsSync(log) ? readFileSync(log, "utf8") : "";
  }

  it("leaves exec's debug line out of ao.log by default", async () => {
    expect(await execOnce({})).toBe("");
  });

  it("brings it back with AO_LOG_LEVEL=debug or a debug fileLogLevel (--debug)", async () => {
    expect(await execOnce({ AO_LOG_LEVEL: "debug" })).toContain('"command":"git --version"');
    expect(await execOnce({ AO_LOG_LEVEL: "info" }, "debug")).toContain('"command":"git --version"');
  });
});
