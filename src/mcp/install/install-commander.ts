import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { AoContext } from "../../core/context.js";
import { commanderTokenPath, createCommander } from "../../core/control/commanders.js";
import { aoEntryScript } from "../../core/daemon/ao-entry.js";
import { AoError, messageOf } from "../../core/errors.js";
import { closeStore, liveCommanderNamed, openStore } from "../../core/store/index.js";

export const INSTALL_TARGETS = ["claude", "codex", "gemini", "opencode"] as const;
type InstallTarget = (typeof INSTALL_TARGETS)[number];

export interface InstallRequest {
  readonly cli: string;
  readonly name?: string | undefined;
  /** false: only show what would be done. */
  readonly apply: boolean;
  readonly configPath?: string | undefined;
  readonly nodePath: string;
}

/** What `ao mcp install` does: run the CLI's own `mcp add`, or merge an entry into its config file. */
export type InstallChange =
  { kind: "command"; argv: string[] } | { kind: "file"; file: string; entry: Record<string, unknown> };

export interface InstallResult {
  cli: InstallTarget;
  commander: string;
  change: InstallChange;
  applied: boolean;
  lines: string[];
}

/**
 * `ao mcp install --for <cli>`: registers `ao mcp` with a commander CLI for the user, through the
 * CLI's own `mcp add` where it has one that takes a command (Claude Code, Codex, Gemini CLI), else
 * its config file (OpenCode's `mcp add` is interactive). The token never goes in argv or the CLI's
 * config: only the path of its 0600 file (AO_COMMANDER_TOKEN_FILE). Shows the change first; only
 * `--yes` creates the commander and applies it.
 */
export async function installCommander(ctx: AoContext, request: InstallRequest): Promise<InstallResult> {
  const cli = installTarget(request.cli);
  const name = request.name ?? cli;
  const env = serverEnv(ctx, name, request.configPath);
  const server = [request.nodePath, aoEntryScript(), "mcp"];
  const change = changeFor(ctx, cli, server, env);
  const lines = describe(cli, name, change);
  checkFreeName(ctx, name);
  if (!request.apply)
    return {
      cli,
      commander: name,
      change,
      applied: false,
      lines: [...lines, "", "run again with --yes to apply"],
    };
  await applyChange(ctx, cli, change);
  const store = openStore(ctx);
  try {
    createCommander(store, ctx.paths, name);
  } finally {
    closeStore(store);
  }
  return {
    cli,
    commander: name,
    change,
    applied: true,
    lines: [...lines, "", `done: ${cli} now starts ao mcp as commander ${name}`],
  };
}

function installTarget(cli: string): InstallTarget {
  if ((INSTALL_TARGETS as readonly string[]).includes(cli)) return cli as InstallTarget;
  throw new AoError("E_USAGE", `cannot install for ${cli}`, {
    hint: `--for one of ${INSTALL_TARGETS.join(", ")}`,
  });
}

function checkFreeName(ctx: AoContext, name: string): void {
  const store = openStore(ctx);
  try {
    if (liveCommanderNamed(store, name) !== undefined)
      throw new AoError("E_EXISTS", `a commander named ${name} exists`, {
        hint: `\`ao mcp revoke ${name}\` first, or pick another --name`,
      });
  } finally {
    closeStore(store);
  }
}

function serverEnv(ctx: AoContext, name: string, configPath: string | undefined): Record<string, string> {
  const env: Record<string, string> = {
    AO_HOME: ctx.paths.home,
    AO_COMMANDER_TOKEN_FILE: commanderTokenPath(ctx.paths, name),
  };
  const config = configPath ?? ctx.env["AO_CONFIG_PATH"];
  if (config !== undefined && config !== "") env["AO_CONFIG_PATH"] = resolve(ctx.cwd, config);
  return env;
}

function changeFor(
  ctx: AoContext,
  cli: InstallTarget,
  server: string[],
  env: Record<string, string>,
): InstallChange {
  const pairs = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  switch (cli) {
    case "claude":
      return {
        kind: "command",
        argv: [
          "claude",
          "mcp",
          "add",
          "--scope",
          "user",
          "ao",
          ...pairs.flatMap((pair) => ["-e", pair]),
          "--",
          ...server,
        ],
      };
    case "codex":
      return {
        kind: "command",
        argv: ["codex", "mcp", "add", "ao", ...pairs.flatMap((pair) => ["--env", pair]), "--", ...server],
      };
    case "gemini":
      return {
        kind: "command",
        argv: [
          "gemini",
          "mcp",
          "add",
          "--scope",
          "user",
          ...pairs.flatMap((pair) => ["-e", pair]),
          "--",
          "ao",
          ...server,
        ],
      };
    case "opencode":
      return {
        kind: "file",
        file: opencodeConfigFile(ctx),
        entry: { mcp: { ao: { type: "local", command: server, environment: env, enabled: true } } },
      };
  }
}

function opencodeConfigFile(ctx: AoContext): string {
  const base = ctx.env["XDG_CONFIG_HOME"] || join(ctx.env["HOME"] ?? "", ".config");
  return join(base, "opencode", "opencode.json");
}

function describe(cli: InstallTarget, name: string, change: InstallChange): string[] {
  const what =
    change.kind === "command"
      ? [`run: ${change.argv.map((word) => (/\s/.test(word) ? JSON.stringify(word) : word)).join(" ")}`]
      : [`merge into ${change.file}:`, ...JSON.stringify(change.entry, null, 2).split("\n")];
  return [`commander ${name} gets a token (0600, its path only in ${cli}'s configuration)`, ...what];
}

async function applyChange(ctx: AoContext, cli: InstallTarget, change: InstallChange): Promise<void> {
  if (change.kind === "file") return mergeJsonFile(change.file, change.entry);
  const [program, ...args] = change.argv;
  const result = await ctx.exec(program ?? cli, args, { reject: false, timeoutMs: 60_000 });
  if (result.failed)
    throw new AoError(
      "E_EXEC_FAILED",
      `\`${cli} mcp add\` failed: ${(result.stderr || result.stdout).trim()}`,
      {
        hint: "nothing was registered and no commander was made; run the command shown yourself to see why",
      },
    );
}

function mergeJsonFile(file: string, entry: Record<string, unknown>): void {
  let current: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      current = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch (error) {
      throw new AoError("E_CONFIG_INVALID", `${file} is not JSON: ${messageOf(error)}`, {
        hint: "fix it (or add the entry shown by hand), then run again",
        details: { file },
      });
    }
  }
  const mcp = {
    ...((current["mcp"] as Record<string, unknown> | undefined) ?? {}),
    ...(entry["mcp"] as object),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...current, mcp }, null, 2)}\n`);
}
