import type { AoContext, OutputStream } from "../../src/core/context.js";
import { createExec } from "../../src/core/exec.js";
import { createMemoryLogger } from "../../src/core/logger.js";
import { aoPaths } from "../../src/core/paths.js";
import { emptyCatalog, type PluginCatalog } from "../../src/core/registry/catalog.js";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "./temp-dir.js";

export interface CapturedStream extends OutputStream {
  text(): string;
}

export function captureStream(isTTY = false): CapturedStream {
  let buffer = "";
  return {
    isTTY,
    write(chunk: string) {
      buffer += chunk;
      return true;
    },
    text: () => buffer,
  };
}

export type TestContext = AoContext & {
  stdout: CapturedStream;
  stderr: CapturedStream;
  logger: ReturnType<typeof createMemoryLogger>;
};

/**
 * A catalog with no plugins but the built-in defaults, so that a configuration which names no
 * runtime or agent loads as it would under the CLI (core itself has no defaults).
 */
export function defaultsOnlyCatalog(): PluginCatalog {
  return { ...emptyCatalog(), defaults: builtinCatalog.defaults };
}

/** A real context (real exec, its own AO_HOME) with captured output and an in-memory logger. */
export function makeTestContext(
  overrides: {
    env?: Record<string, string | undefined>;
    cwd?: string;
    home?: string;
    catalog?: PluginCatalog;
    now?: number;
  } = {},
): TestContext {
  const home = overrides.home ?? makeTempDir("ao-home-");
  const logger = createMemoryLogger();
  const now = overrides.now;
  // One look after starting an agent, not ao's 3-s watch: tests that watch set AO_SPAWN_WATCH_MS.
  const env = {
    PATH: process.env["PATH"],
    HOME: process.env["HOME"],
    AO_SPAWN_WATCH_MS: "0",
    ...overrides.env,
    AO_HOME: home,
  };
  return {
    env,
    cwd: overrides.cwd ?? home,
    paths: aoPaths(home),
    exec: createExec(logger, env),
    clock: { now: () => now ?? Date.now() },
    stdout: captureStream(),
    stderr: captureStream(),
    logger,
    catalog: overrides.catalog ?? defaultsOnlyCatalog(),
  };
}
