import type { AoContext } from "../context.js";
import { detectAgents } from "../init/detect-agents.js";
import { listPrograms } from "../registry/list-programs.js";

/** An agent CLI found on this machine, as `list_agents` answers. */
export interface InstalledAgentView {
  /** The agent plugin's name: what `open_session` takes as `agent`. */
  agent: string;
  binary: string;
  path: string;
  /** The first line its version flag printed; null when it did not answer. */
  version: string | null;
  /** It answered its version flag: it can run as a worker. */
  can_be_worker: boolean;
  /** Why not, when it cannot. */
  why_not?: string;
}

/**
 * The agent CLIs actually installed here: the catalog's agent plugins whose program is on PATH
 * (the daemon's PATH), each run once with its version flag. Only what answers can be a worker.
 */
export async function listInstalledAgents(ctx: AoContext): Promise<InstalledAgentView[]> {
  const [found, programs] = await Promise.all([detectAgents(ctx), listPrograms(ctx.catalog, "agent")]);
  return Promise.all(
    found.map(async (agent) => {
      const versionArgs = programs.find((entry) => entry.plugin === agent.plugin)?.program.versionArgs ?? [];
      const result = await ctx.exec(agent.path, [...versionArgs], { reject: false, timeoutMs: 10_000 });
      const version = result.stdout.trim().split("\n")[0] ?? "";
      const base = { agent: agent.plugin, binary: agent.binary, path: agent.path };
      if (!result.failed && version !== "") return { ...base, version, can_be_worker: true };
      const why = result.timedOut ? "timed out" : `exited with ${String(result.exitCode)}`;
      return {
        ...base,
        version: null,
        can_be_worker: false,
        why_not: `\`${agent.binary} ${versionArgs.join(" ")}\` ${why}`,
      };
    }),
  );
}

const binaries = new WeakMap<AoContext, Promise<Map<string, string>>>();

/** The CLI an agent plugin runs (`claude` for its plugin), for hints; the plugin's name otherwise. */
export async function agentBinary(ctx: AoContext, plugin: string): Promise<string> {
  let known = binaries.get(ctx);
  if (known === undefined) {
    known = listPrograms(ctx.catalog, "agent").then(
      (programs) => new Map(programs.map((entry) => [entry.plugin, entry.program.binary])),
    );
    binaries.set(ctx, known);
  }
  return (await known).get(plugin) ?? plugin;
}
