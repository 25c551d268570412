import { CommanderError, type Command } from "commander";
import {
  createNodeContext,
  type Ask,
  type AoContext,
  type InputStream,
  type OutputStream,
} from "../core/context.js";
import type { LogLevel } from "../core/logger.js";
import type { PluginCatalog } from "../core/registry/index.js";
import { globalOptions, type CliRuntime } from "./cli-runtime.js";
import { invokedModules } from "./invoked-modules.js";
import { buildProgram } from "./program.js";
import { createStyle } from "./render.js";
import { reportError } from "./report-error.js";

export interface CliIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: OutputStream;
  stderr: OutputStream;
  catalog: PluginCatalog;
  ask?: Ask | undefined;
  stdin?: InputStream | undefined;
  version: string;
}

/** Runs one ao invocation and resolves to its exit code. Never exits the process itself. */
export async function runCli(io: CliIo): Promise<number> {
  let context: AoContext | undefined;
  let exitCode = 0;
  const runtime: CliRuntime = {
    context(command) {
      const globals = globalOptions(command);
      const stderrLogLevel: LogLevel | undefined = globals.debug
        ? "debug"
        : globals.verbose
          ? "info"
          : undefined;
      const fileLogLevel: LogLevel | undefined = globals.debug ? "debug" : undefined;
      // The ao processes this one starts (the background daemon, the demo's sandbox) read the level
      // from the environment, so --debug reaches their ao.log too.
      const env = globals.debug ? { ...io.env, AO_LOG_LEVEL: "debug" } : io.env;
      context ??= createNodeContext({ ...io, env, stderrLogLevel, fileLogLevel });
      return context;
    },
    action(body) {
      return async (...args) => {
        const command = args[args.length - 1] as Command;
        exitCode = (await body(runtime.context(command), ...args)) ?? 0;
      };
    },
  };
  try {
    const output = {
      writeOut: (text: string) => io.stdout.write(text),
      writeErr: (text: string) => io.stderr.write(text),
    };
    const program = await buildProgram(runtime, io.version, output, invokedModules(io.argv));
    await program.parseAsync([...io.argv], { from: "user" });
  } catch (error) {
    exitCode = handleFailure(error, io);
  } finally {
    context?.logger.flush();
  }
  return exitCode;
}

function handleFailure(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Commander already printed its message (help, version, or a usage error).
    return error.exitCode === 0 ? 0 : error.code === "commander.executeSubCommandAsync" ? 1 : 2;
  }
  const style = createStyle(io.stderr, io.env);
  const json = io.argv.includes("--json");
  const debug = io.argv.includes("--debug");
  return reportError(error, { stdout: io.stdout, stderr: io.stderr, style, json, debug }).exitCode;
}
