import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { CheckStatus, PluginCheck, PluginCheckContext } from "../../../core/plugin-api.js";

type Env = PluginCheckContext["env"];

/**
 * Where an agent CLI keeps what lets it talk to its model service, as far as it can be seen
 * without starting it or reaching the network: environment variables, and files under the home
 * directory (a sign-in's token file, a settings file naming a key helper).
 */
export interface LoginSpec {
  readonly binary: string;
  /** Any one of these set (non-empty) is a login. */
  readonly env: readonly string[];
  /** Any one of these existing is a login; `~` is the home directory, `$VAR` an env override. */
  readonly files: (env: Env) => readonly string[];
  /** JSON settings files, each with the predicate that says it configures credentials (apiKeyHelper). */
  readonly settings?: readonly { file: (env: Env) => string; says: (json: unknown) => boolean }[] | undefined;
  /** How to sign in, for the fix line. */
  readonly signIn: string;
  /** fail: the CLI certainly stops at a sign-in screen; warn: it may find a key we cannot see. */
  readonly missing: CheckStatus;
  /** Platforms whose login store ao cannot read offline (the macOS keychain): no check there. */
  readonly unseen?: readonly string[] | undefined;
}

/**
 * The doctor line "does this agent have a login?": an agent CLI on PATH with no login stops at its
 * sign-in screen in every session, which `ao doctor` must not call ready. Names what was found
 * (never a value) or everything it looked for. Undefined where the login cannot be seen offline.
 */
export function checkLogin(name: string, spec: LoginSpec, ctx: PluginCheckContext): PluginCheck | undefined {
  if (spec.unseen?.includes(ctx.platform)) return undefined;
  const base = { id: `agent:${name}:login`, title: `${spec.binary} login (${name})` };
  const found = findLogin(spec, ctx.env);
  if (found !== undefined) return { ...base, status: "ok", detail: `found ${found}` };
  const looked = [...spec.env, ...spec.files(ctx.env).map((file) => tildePath(file, ctx.env))];
  return {
    ...base,
    status: spec.missing,
    detail: `no login found (looked for ${looked.join(", ")}): its sessions would stop at the sign-in screen`,
    fix: spec.signIn,
  };
}

function findLogin(spec: LoginSpec, env: Env): string | undefined {
  const variable = spec.env.find((key) => (env[key] ?? "") !== "");
  if (variable !== undefined) return variable;
  const file = spec.files(env).find((path) => existsSync(path));
  if (file !== undefined) return tildePath(file, env);
  for (const settings of spec.settings ?? []) {
    const path = settings.file(env);
    if (settings.says(readJson(path))) return `credentials configured in ${tildePath(path, env)}`;
  }
  return undefined;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as unknown;
  } catch {
    return undefined;
  }
}

/** The home directory the agent CLI itself would use. */
export function homeOf(env: Env): string {
  return env["HOME"] ?? homedir();
}

/** `$VAR` when set and non-empty, else the default under the home directory. */
export function dirFrom(env: Env, variable: string, ...fallback: string[]): string {
  const value = env[variable];
  return value !== undefined && value !== "" ? value : join(homeOf(env), ...fallback);
}

function tildePath(path: string, env: Env): string {
  const home = homeOf(env);
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}
