import { existsSync } from "node:fs";
import type { AoContext } from "../../core/context.js";
import { findConfigPath } from "../../core/config/index.js";
import { commanderTokenPath, createCommander, revokeCommanderNamed } from "../../core/control/index.js";
import { aoEntryScript } from "../../core/ao-entry.js";
import { AoError, isAoError } from "../../core/errors.js";
import { closeStore, liveCommanderNamed, openStore } from "../../core/store/index.js";
import {
  applyChange,
  changeFor,
  describeChange,
  INSTALL_TARGETS,
  type InstallChange,
  type InstallTarget,
} from "./install-change.js";

export { INSTALL_TARGETS, type InstallChange } from "./install-change.js";

/** The agent plugins' names for the same CLIs (`agent: claude-code` in the configuration). */
const TARGET_ALIASES: Readonly<Record<string, InstallTarget>> = { "claude-code": "claude" };

export interface InstallRequest {
  readonly cli: string;
  readonly name?: string | undefined;
  /** false: only show what would be done. */
  readonly apply: boolean;
  readonly configPath?: string | undefined;
  readonly nodePath: string;
}

export interface InstallResult {
  cli: InstallTarget;
  commander: string;
  change: InstallChange;
  applied: boolean;
  /** The commander existed (an earlier install): its token is kept, the CLI's entry replaced. */
  reinstalled: boolean;
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
  const env = await serverEnv(ctx, name, request.configPath);
  const server = [request.nodePath, aoEntryScript(), "mcp"];
  const change = changeFor(ctx, cli, server, env);
  const reinstalled = commanderExists(ctx, name);
  const lines = [
    reinstalled
      ? `commander ${name} exists: ao keeps its token and replaces ao's entry in ${cli}`
      : `commander ${name} gets a token (0600, its path only in ${cli}'s configuration)`,
    ...describeChange(change),
  ];
  const result = { cli, commander: name, change, reinstalled };
  if (!request.apply)
    return { ...result, applied: false, lines: [...lines, "", "run again with --yes to apply"] };
  await applyChange(ctx, cli, change);
  ensureCommander(ctx, name);
  const done = reinstalled
    ? `replaced: ${cli} now starts ao mcp as commander ${name}`
    : `done: ${cli} now starts ao mcp as commander ${name}`;
  return { ...result, applied: true, lines: [...lines, "", done] };
}

function installTarget(cli: string): InstallTarget {
  if ((INSTALL_TARGETS as readonly string[]).includes(cli)) return cli as InstallTarget;
  const alias = TARGET_ALIASES[cli];
  if (alias !== undefined) return alias;
  throw new AoError("E_USAGE", `cannot install for ${cli}`, {
    hint: `--for one of ${INSTALL_TARGETS.join(", ")} (or claude-code, the agent plugin's name for claude)`,
  });
}

/** A live commander of that name whose token file is still there: an earlier install to update. */
function commanderExists(ctx: AoContext, name: string): boolean {
  const store = openStore(ctx);
  try {
    return liveCommanderNamed(store, name) !== undefined && existsSync(commanderTokenPath(ctx.paths, name));
  } finally {
    closeStore(store);
  }
}

/** Keeps a commander whose token file is there; one whose file is gone is revoked and made anew. */
function ensureCommander(ctx: AoContext, name: string): void {
  const store = openStore(ctx);
  try {
    const live = liveCommanderNamed(store, name);
    if (live !== undefined && existsSync(commanderTokenPath(ctx.paths, name))) return;
    if (live !== undefined) revokeCommanderNamed(store, ctx.paths, name);
    createCommander(store, ctx.paths, name);
  } finally {
    closeStore(store);
  }
}

/**
 * What the registered `ao mcp` is given: AO_HOME, its token file, and the absolute path of the
 * configuration in use, so it works from any directory the commander CLI starts in (a user-scope
 * server is started in every project, not only in this repository).
 */
async function serverEnv(
  ctx: AoContext,
  name: string,
  configPath: string | undefined,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    AO_HOME: ctx.paths.home,
    AO_COMMANDER_TOKEN_FILE: commanderTokenPath(ctx.paths, name),
  };
  const config = await findConfigPath(ctx, configPath).catch((error: unknown) => {
    // No configuration here: `ao mcp` falls back to the ones registered in AO_HOME (run-mcp.ts).
    if (isAoError(error) && error.code === "E_CONFIG_NOT_FOUND") return undefined;
    throw error;
  });
  if (config !== undefined) env["AO_CONFIG_PATH"] = config;
  return env;
}
