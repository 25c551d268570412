import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AoContext } from "../context.js";
import type { AoPaths } from "../paths.js";
import { CLIENT_ONLY_VARIABLES, withoutVariables } from "../secret-variables.js";

/**
 * Where the daemon's environment comes from (docs/daemon.md, "The daemon's environment"):
 * `caller` — a person's command in a terminal (`ao start`, `ao dashboard`), whose environment it
 * records; `recorded` — `ao mcp`, started by a commander CLI that passes its MCP servers only a few
 * variables, so the daemon gets the recorded environment rather than that short one.
 */
export type DaemonEnvSource = "caller" | "recorded";

/** AO_HOME/person-env.json: the environment of the last `ao start`/`ao dashboard`, without ao's secrets. */
export function personEnvPath(paths: Pick<AoPaths, "home">): string {
  return join(paths.home, "person-env.json");
}

/**
 * The environment to start the daemon with. Never a commander's token variables (CLIENT_ONLY):
 * the daemon does not need them and its agents must not inherit them. ao's other secrets (forge
 * tokens, the webhook secret) stay in the daemon's own environment, from the starting command,
 * and are never written to the record; the runtimes remove them from every agent (agent-env.ts).
 */
export function daemonEnvironment(
  ctx: Pick<AoContext, "env" | "paths" | "stderr">,
  source: DaemonEnvSource,
  secretVariables: readonly string[],
): Record<string, string> {
  const own = withoutVariables(ctx.env, CLIENT_ONLY_VARIABLES);
  if (source === "caller") {
    recordPersonEnv(ctx.paths, withoutVariables(ctx.env, secretVariables));
    return own;
  }
  const recorded = readPersonEnv(ctx.paths);
  if (recorded === undefined) {
    ctx.stderr.write(
      `warning: no environment recorded in ${personEnvPath(ctx.paths)}: the daemon and its agents get the environment this \`ao mcp\` was given; run \`ao start\` once from your terminal to record yours\n`,
    );
    return own;
  }
  const daemonSecrets = secretVariables.filter((name) => own[name] !== undefined);
  const secrets = Object.fromEntries(daemonSecrets.map((name) => [name, own[name] ?? ""]));
  return { ...recorded, ...secrets, ...(own["AO_HOME"] === undefined ? {} : { AO_HOME: own["AO_HOME"] }) };
}

function recordPersonEnv(paths: Pick<AoPaths, "home">, env: Record<string, string>): void {
  const path = personEnvPath(paths);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(env, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

function readPersonEnv(paths: Pick<AoPaths, "home">): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(personEnvPath(paths), "utf8"));
  } catch {
    return undefined; // none yet, or damaged: the next `ao start` writes it again
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
