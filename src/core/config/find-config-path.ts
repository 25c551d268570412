import { stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";

export const CONFIG_FILE_NAMES = ["agent-orchestrator.yaml", "agent-orchestrator.yml"] as const;

const NOT_FOUND_HINT = "run `ao init` in your repository, or pass --config";

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** A path someone named explicitly must exist: falling back silently would load a different file. */
async function explicitPath(path: string, cwd: string, source: string): Promise<string> {
  const absolute = resolve(cwd, path);
  if (await isFile(absolute)) return absolute;
  throw new AoError("E_CONFIG_NOT_FOUND", `config file ${absolute} (from ${source}) does not exist`, {
    hint: source === "--config" ? "check the path given to --config" : "fix or unset AO_CONFIG_PATH",
    details: { path: absolute, source },
  });
}

async function nearestUpwards(start: string): Promise<string | undefined> {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) {
      if (await isFile(join(dir, name))) return join(dir, name);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Which file to load: `--config`, then AO_CONFIG_PATH, then the nearest agent-orchestrator.yaml
 * (or .yml) from the working directory upwards, then ~/.agent-orchestrator/config.yaml.
 */
export async function findConfigPath(
  ctx: Pick<AoContext, "env" | "cwd">,
  configPath?: string,
): Promise<string> {
  if (configPath !== undefined && configPath !== "") return explicitPath(configPath, ctx.cwd, "--config");
  const fromEnv = ctx.env["AO_CONFIG_PATH"];
  if (fromEnv !== undefined && fromEnv !== "") return explicitPath(fromEnv, ctx.cwd, "AO_CONFIG_PATH");
  const nearest = await nearestUpwards(ctx.cwd);
  if (nearest !== undefined) return nearest;
  const home = ctx.env["HOME"];
  const global = home ? join(home, ".agent-orchestrator", "config.yaml") : undefined;
  if (global !== undefined && (await isFile(global))) return global;
  throw new AoError("E_CONFIG_NOT_FOUND", `no agent-orchestrator.yaml found in ${ctx.cwd} or its parents`, {
    hint: NOT_FOUND_HINT,
    details: {
      cwd: ctx.cwd,
      searched: [
        "--config",
        "AO_CONFIG_PATH",
        ...CONFIG_FILE_NAMES,
        global ?? "~/.agent-orchestrator/config.yaml",
      ],
    },
  });
}
