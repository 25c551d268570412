import type { AoContext } from "../context.js";
import { listPrograms } from "./list-programs.js";
import { findOnPath } from "../find-on-path.js";

export interface InstalledAgent {
  readonly plugin: string;
  readonly binary: string;
  readonly path: string;
}

/**
 * The agent CLIs of the catalog's agent plugins (each says its program) present on `ctx.env.PATH`,
 * in catalog order: init's order of preference.
 */
export async function detectAgents(ctx: Pick<AoContext, "env" | "catalog">): Promise<InstalledAgent[]> {
  const programs = await listPrograms(ctx.catalog, "agent");
  const found = await Promise.all(
    programs.map(async ({ plugin, program }) => {
      const path = await findOnPath(program.binary, ctx.env["PATH"]);
      return path === undefined ? undefined : { plugin, binary: program.binary, path };
    }),
  );
  return found.filter((agent): agent is InstalledAgent => agent !== undefined);
}
