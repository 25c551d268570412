import { AoError, type PluginContext } from "../../../core/plugin-api.js";
import { GITHUB_ERRORS } from "./error-codes.js";
import { ghHostnameFor, resolveApiUrl } from "./endpoints.js";

/**
 * The GitHub token: `GITHUB_TOKEN`, else `GH_TOKEN`, else what `gh auth token` prints when the
 * GitHub CLI is installed. The value is returned, never logged; ctx.exec logs only the command.
 */
export async function resolveGitHubToken(
  ctx: Pick<PluginContext, "env" | "exec">,
  options: { apiUrl?: string | undefined } = {},
): Promise<string> {
  for (const name of ["GITHUB_TOKEN", "GH_TOKEN"]) {
    const value = ctx.env[name]?.trim();
    if (value) return value;
  }
  const hostname = ghHostnameFor(resolveApiUrl(ctx.env, options.apiUrl));
  const gh = await ctx.exec("gh", ["auth", "token", "--hostname", hostname], {
    reject: false,
    timeoutMs: 15_000,
  });
  const token = gh.failed ? "" : gh.stdout.trim();
  if (token !== "") return token;
  const why = gh.notFound ? "gh is not installed" : `gh has no login for ${hostname}`;
  throw new AoError(
    GITHUB_ERRORS.E_GITHUB_AUTH,
    `no GitHub token: GITHUB_TOKEN and GH_TOKEN are unset and ${why}`,
    {
      hint: "export GITHUB_TOKEN=<a token with repo access>, or run gh auth login",
    },
  );
}
