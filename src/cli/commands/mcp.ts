import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import { registerTokenCommands } from "./mcp-tokens.js";

const SERVE_FLAGS = defineFlags({
  worker: {
    type: "boolean",
    description: "a worker's server: only orch_report, authorised by --secret-file",
  },
  secretFile: {
    type: "string",
    value: "path",
    description: "with --worker: the worker's 0600 secret file (ao writes it)",
  },
});
const INSTALL_FLAGS = defineFlags({
  for: {
    type: "string",
    value: "cli",
    required: true,
    description: "claude (or claude-code), codex, gemini or opencode",
  },
  name: { type: "string", value: "commander", description: "the commander's name (default: the CLI's)" },
  yes: {
    type: "boolean",
    description: "apply the change (create the commander, run the CLI's `mcp add` or write its config)",
  },
  ...jsonFlag("print the plan (and what was done) as JSON"),
});

export function registerMcpCommand(program: Command, cli: CliRuntime): void {
  const mcp = program
    .command("mcp")
    .description(
      "the control plane's MCP server on stdio, for a commander agent CLI to spawn (docs/control-plane.md)",
    );
  addFlags(mcp, SERVE_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(SERVE_FLAGS, command);
      const { AoError } = await import("../../core/errors.js");
      if (flags.worker !== (flags.secretFile !== undefined))
        throw new AoError("E_USAGE", "--worker and --secret-file go together", {
          hint: "a commander runs plain `ao mcp`; a worker's CLI is handed `ao mcp --worker --secret-file <path>` by ao",
        });
      const { runMcp } = await import("../../mcp/run-mcp.js");
      return runMcp(ctx, {
        configPath: globalOptions(command).config,
        workerSecretFile: flags.secretFile,
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
        nodePath: process.execPath,
        version: program.version() ?? "",
      });
    }),
  );
  registerTokenCommands(mcp, cli);
  registerInstallCommand(mcp, cli);
}

function registerInstallCommand(mcp: Command, cli: CliRuntime): void {
  const install = mcp
    .command("install")
    .description("register ao as an MCP server with a commander CLI (shows the change; --yes applies it)");
  addFlags(install, INSTALL_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(INSTALL_FLAGS, command);
      const { installCommander } = await import("../../mcp/install/install-commander.js");
      const result = await installCommander(ctx, {
        cli: flags.for,
        name: flags.name,
        apply: flags.yes,
        configPath: globalOptions(command).config,
        nodePath: process.execPath,
      });
      if (flags.json) writeJson(ctx.stdout, result);
      else writeLines(ctx.stdout, result.lines);
      return 0;
    }),
  );
}
