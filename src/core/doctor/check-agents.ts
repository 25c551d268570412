import type { AoContext } from "../context.js";
import { detectAgents } from "../registry/detect-agents.js";
import { installCommandFor } from "../registry/plugin-capabilities.js";
import { listPrograms } from "../registry/list-programs.js";
import type { DoctorCheck } from "./check.js";

/**
 * Without a configuration any agent will do: one check listing the agent CLIs installed, from the
 * programs the catalog's agent plugins declare. None at all is a warning whose fix installs the
 * catalog's default agent. (With a configuration, each configured agent checks itself.)
 */
export async function checkInstalledAgents(
  ctx: Pick<AoContext, "env" | "catalog">,
  platform: string,
): Promise<DoctorCheck> {
  const base = { id: "agents", title: "agent CLIs" };
  const found = await detectAgents(ctx);
  if (found.length > 0) {
    const listed = found.map((agent) => `${agent.binary} (${agent.plugin})`).join(", ");
    return { ...base, status: "ok", detail: `found ${listed}` };
  }
  const programs = await listPrograms(ctx.catalog, "agent");
  if (programs.length === 0)
    return { ...base, status: "warn", detail: "no agent plugin of the catalog declares the CLI it runs" };
  const fallback = programs.find(({ plugin }) => plugin === ctx.catalog.defaults?.agent) ?? programs[0];
  return {
    ...base,
    status: "warn",
    detail: `none of ${programs.map(({ program }) => program.binary).join(", ")} found on PATH`,
    ...(fallback === undefined ? {} : { fix: installCommandFor(fallback.program.install, platform) }),
  };
}
