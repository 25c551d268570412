import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AoContext } from "../../core/context.js";
import { AoError, messageOf } from "../../core/errors.js";

export const INSTALL_TARGETS = ["claude", "codex", "gemini", "opencode"] as const;
export type InstallTarget = (typeof INSTALL_TARGETS)[number];

/**
 * What `ao mcp install` does: run the CLI's own `mcp add` (after `replaces`, its `mcp remove` of an
 * earlier `ao` entry, where its `add` refuses a name that exists), or merge an entry into its
 * config file.
 */
export type InstallChange =
  | { kind: "command"; argv: string[]; replaces?: string[] }
  | { kind: "file"; file: string; entry: Record<string, unknown> };

/** The change that registers `server` (with `env`) as `ao` for the user in `cli`. */
export function changeFor(
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
        replaces: ["claude", "mcp", "remove", "--scope", "user", "ao"],
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

/** The lines that show a change before (and after) it is applied. */
export function describeChange(change: InstallChange): string[] {
  return change.kind === "command"
    ? [`run: ${change.argv.map((word) => (/\s/.test(word) ? JSON.stringify(word) : word)).join(" ")}`]
    : [`merge into ${change.file}:`, ...JSON.stringify(change.entry, null, 2).split("\n")];
}

/** Runs the CLI command (after removing an earlier entry) or merges the config file. */
export async function applyChange(ctx: AoContext, cli: InstallTarget, change: InstallChange): Promise<void> {
  if (change.kind === "file") return mergeJsonFile(change.file, change.entry);
  if (change.replaces !== undefined) await removeEarlierEntry(ctx, cli, change.replaces);
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

/** `claude mcp remove`: fine when there was no entry (its "No MCP server named …"), else an error. */
async function removeEarlierEntry(ctx: AoContext, cli: InstallTarget, argv: string[]): Promise<void> {
  const [program, ...args] = argv;
  const result = await ctx.exec(program ?? cli, args, { reject: false, timeoutMs: 60_000 });
  const output = `${result.stderr}\n${result.stdout}`;
  if (!result.failed || /No MCP server named/i.test(output)) return;
  throw new AoError("E_EXEC_FAILED", `\`${argv.join(" ")}\` failed: ${output.trim()}`, {
    hint: "nothing was changed; remove ao's entry yourself, then run again",
  });
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
