import type { AoContext } from "../context.js";
import { AGENT_CLIS } from "./agent-clis.js";
import { findOnPath } from "./find-on-path.js";

export interface InstalledAgent {
  readonly plugin: string;
  readonly binary: string;
  readonly path: string;
}

/** The known agent CLIs present on `ctx.env.PATH`, in init's order of preference. */
export async function detectAgents(ctx: Pick<AoContext, "env">): Promise<InstalledAgent[]> {
  const found = await Promise.all(
    AGENT_CLIS.map(async (cli) => {
      const path = await findOnPath(cli.binary, ctx.env["PATH"]);
      return path === undefined ? undefined : { plugin: cli.plugin, binary: cli.binary, path };
    }),
  );
  return found.filter((agent): agent is InstalledAgent => agent !== undefined);
}
