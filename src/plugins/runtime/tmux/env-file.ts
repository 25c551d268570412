import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AoError } from "../../../core/plugin-api.js";

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The caller's env may hold secrets, and tmux's session environment (`new-session -e`) is readable
 * by anyone who can reach the socket (`show-environment`), so env travels through a 0600 file in a
 * 0700 directory that the pane's shell sources and deletes before it execs the agent.
 */
export function writeEnvFile(runDir: string, session: string, env: Readonly<Record<string, string>>): string {
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  const path = join(runDir, `${session}.env`);
  rmSync(path, { force: true });
  writeFileSync(path, renderEnvFile(env), { mode: 0o600, flag: "wx" });
  return path;
}

/** POSIX sh: inside single quotes nothing is special, and a quote is written as '\''. */
export function renderEnvFile(env: Readonly<Record<string, string>>): string {
  return Object.entries(env)
    .map(([key, value]) => `export ${assertEnvName(key)}='${value.replaceAll("'", `'\\''`)}'\n`)
    .join("");
}

function assertEnvName(key: string): string {
  if (!ENV_NAME.test(key)) {
    throw new AoError("E_USAGE", `"${key}" is not a valid environment variable name`, {
      hint: "use letters, digits and '_', not starting with a digit",
    });
  }
  return key;
}
