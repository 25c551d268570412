import { findOnPath, type PluginCheck, type PluginCheckContext } from "../../../core/plugin-api.js";
import { ghHostnameFor, resolveApiUrl } from "./endpoints.js";

const TOKEN_VARIABLES = ["GITHUB_TOKEN", "GH_TOKEN"] as const;

/**
 * The doctor capability of tracker/github and scm/github: is there a token for the host they will
 * talk to, found the way they find it (resolveGitHubToken)? Both report the same check id per host,
 * so doctor shows one line. Only the NAME of the variable (or "gh is logged in") is reported: a
 * token's value never reaches output, logs or the result. Offline, a logged-in gh cannot be asked:
 * with gh installed and no variable set, the check says nothing rather than guess.
 */
export async function checkGitHubCredentials(
  options: { readonly apiUrl?: string | undefined },
  ctx: PluginCheckContext,
): Promise<PluginCheck[]> {
  const host = ghHostnameFor(resolveApiUrl(ctx.env, options.apiUrl));
  const base = { id: `credentials:github:${host}`, title: `GitHub credentials (${host})` };
  const variable = TOKEN_VARIABLES.find((name) => (ctx.env[name] ?? "").trim() !== "");
  if (variable !== undefined) return [{ ...base, status: "ok", detail: `${variable} is set` }];
  const gh = await findOnPath("gh", ctx.env["PATH"]);
  if (gh !== undefined && ctx.exec === undefined) return [];
  if (gh !== undefined && ctx.exec !== undefined) {
    const result = await ctx.exec(gh, ["auth", "token", "--hostname", host], {
      reject: false,
      timeoutMs: 10_000,
    });
    // `gh auth token` prints the token: it is only tested for being non-empty, then dropped.
    if (!result.failed && result.stdout.trim() !== "")
      return [{ ...base, status: "ok", detail: `gh is logged in to ${host}` }];
  }
  const hostFlag = host === "github.com" ? "" : ` --hostname ${host}`;
  return [
    {
      ...base,
      status: "fail",
      detail: "no token: GITHUB_TOKEN and GH_TOKEN are unset and `gh auth token` found none",
      fix: `gh auth login${hostFlag}  (or export GITHUB_TOKEN=<token>)`,
    },
  ];
}
