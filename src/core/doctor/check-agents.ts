import type { AoContext } from "../context.js";
import { AGENT_CLIS, agentCliForPlugin, DEFAULT_AGENT_PLUGIN } from "../init/agent-clis.js";
import { findOnPath } from "../init/find-on-path.js";
import type { DoctorCheck } from "./check.js";

/**
 * With a config: one check per configured agent whose CLI ao knows (a missing one fails, with the
 * install command). Agents ao has no CLI entry for (e.g. `command`) are left to the plugin check.
 * Without a config: one check listing what is installed; none at all is a warning.
 */
export async function checkAgents(
  ctx: Pick<AoContext, "env">,
  configured: readonly string[] | undefined,
): Promise<DoctorCheck[]> {
  if (configured === undefined) return [await checkAnyAgent(ctx)];
  const known = [...new Set(configured)].flatMap((plugin) => {
    const cli = agentCliForPlugin(plugin);
    return cli === undefined ? [] : [cli];
  });
  return Promise.all(
    known.map(async (cli): Promise<DoctorCheck> => {
      const base = { id: `agent:${cli.plugin}`, title: `${cli.binary} CLI (${cli.plugin})` };
      const path = await findOnPath(cli.binary, ctx.env["PATH"]);
      return path === undefined
        ? { ...base, status: "fail", detail: `${cli.binary} not found on PATH`, fix: cli.install }
        : { ...base, status: "ok", detail: `${cli.binary} at ${path}` };
    }),
  );
}

async function checkAnyAgent(ctx: Pick<AoContext, "env">): Promise<DoctorCheck> {
  const found: string[] = [];
  for (const cli of AGENT_CLIS) {
    const path = await findOnPath(cli.binary, ctx.env["PATH"]);
    if (path !== undefined) found.push(`${cli.binary} (${cli.plugin})`);
  }
  const base = { id: "agents", title: "agent CLIs" };
  if (found.length > 0) return { ...base, status: "ok", detail: `found ${found.join(", ")}` };
  const fallback = agentCliForPlugin(DEFAULT_AGENT_PLUGIN);
  return {
    ...base,
    status: "warn",
    detail: `none of ${AGENT_CLIS.map((cli) => cli.binary).join(", ")} found on PATH`,
    ...(fallback === undefined ? {} : { fix: fallback.install }),
  };
}
