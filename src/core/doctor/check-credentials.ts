import type { AoContext } from "../context.js";
import { findOnPath } from "../init/find-on-path.js";
import type { DoctorCheck } from "./check.js";

/** A tracker or SCM the config names, with its (already interpolated) options. */
export interface CredentialTarget {
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>>;
}

const GITHUB_ENV = ["GITHUB_TOKEN", "GH_TOKEN"] as const;

/**
 * Whether each configured tracker/SCM that needs a credential has one. Only the NAME of the variable
 * (or "gh is logged in") is reported: a token's value never reaches output, logs or the result.
 */
export async function checkCredentials(
  ctx: Pick<AoContext, "env" | "exec">,
  targets: readonly CredentialTarget[],
): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const seen = new Set<string>();
  for (const target of targets) {
    const host = target.name === "github" ? githubHost(target.options) : target.name;
    const key = `${target.name}@${host}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (target.name === "github") checks.push(await checkGithub(ctx, target, host));
    if (target.name === "linear") checks.push(checkLinear(ctx, target));
  }
  return checks;
}

async function checkGithub(
  ctx: Pick<AoContext, "env" | "exec">,
  target: CredentialTarget,
  host: string,
): Promise<DoctorCheck> {
  const base = { id: `credentials:github:${host}`, title: `GitHub credentials (${host})` };
  if (hasOption(target, "token")) return { ...base, status: "ok", detail: "token set in the config" };
  const variable = GITHUB_ENV.find((name) => (ctx.env[name] ?? "") !== "");
  if (variable !== undefined) return { ...base, status: "ok", detail: `${variable} is set` };
  if (await ghHasToken(ctx, host)) return { ...base, status: "ok", detail: `gh is logged in to ${host}` };
  const hostFlag = host === "github.com" ? "" : ` --hostname ${host}`;
  return {
    ...base,
    status: "fail",
    detail: "no token: GITHUB_TOKEN and GH_TOKEN are unset and `gh auth token` found none",
    fix: `gh auth login${hostFlag}  (or export GITHUB_TOKEN=<token>)`,
  };
}

function checkLinear(ctx: Pick<AoContext, "env">, target: CredentialTarget): DoctorCheck {
  const base = { id: "credentials:linear", title: "Linear credentials" };
  if (hasOption(target, "apiKey")) return { ...base, status: "ok", detail: "API key set in the config" };
  if ((ctx.env["LINEAR_API_KEY"] ?? "") !== "")
    return { ...base, status: "ok", detail: "LINEAR_API_KEY is set" };
  return {
    ...base,
    status: "fail",
    detail: "LINEAR_API_KEY is not set",
    fix: "export LINEAR_API_KEY=<key from https://linear.app/settings/api>",
  };
}

/** `gh auth token` prints the token: its output is only tested for being non-empty, then dropped. */
async function ghHasToken(ctx: Pick<AoContext, "env" | "exec">, host: string): Promise<boolean> {
  const gh = await findOnPath("gh", ctx.env["PATH"]);
  if (gh === undefined) return false;
  const args = host === "github.com" ? ["auth", "token"] : ["auth", "token", "--hostname", host];
  const result = await ctx.exec(gh, args, { reject: false, timeoutMs: 10_000 });
  return !result.failed && result.stdout.trim() !== "";
}

function githubHost(options: Readonly<Record<string, unknown>>): string {
  const apiUrl = options["apiUrl"];
  if (typeof apiUrl !== "string") return "github.com";
  try {
    const host = new URL(apiUrl).hostname;
    return host === "api.github.com" ? "github.com" : host;
  } catch {
    return "github.com";
  }
}

function hasOption(target: CredentialTarget, key: string): boolean {
  const value = target.options[key];
  return typeof value === "string" && value !== "";
}
