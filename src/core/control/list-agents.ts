import type { AoContext } from "../context.js";
import { detectAgents } from "../registry/detect-agents.js";
import { listPrograms } from "../registry/list-programs.js";
import { configuredAgents } from "./configured-agents.js";
import type { ControlContext } from "./control-context.js";

/** An agent CLI found on this machine, or one the configuration names, as `list_agents` answers. */
export interface AgentView {
  /** The agent plugin's name: what `open_session` takes as `agent`. */
  agent: string;
  /** The program it runs; null when only the configuration says (a `command` agent's argv). */
  binary: string | null;
  /** Where that program is on PATH; null when it is not there (or ao cannot tell before it runs). */
  path: string | null;
  /** The first line its version flag printed; null when it did not answer. */
  version: string | null;
  /** It answered its version flag, or the configuration gives its command: it can run as a worker. */
  can_be_worker: boolean;
  /** Why not, when it cannot. */
  why_not?: string;
  /** The projects (control plane on) whose configuration names this agent; [] for none. */
  configured_in: string[];
}

/**
 * `list_agents`: the catalog's agent CLIs installed here (each run once with its version flag),
 * then the agents the configuration names for projects with the control plane on that are not
 * among them. A configured plugin that declares its program is checked on PATH; one that does not
 * (a `command` agent) runs what the configuration says, which ao learns only when a worker opens.
 */
export async function listAgents(cc: ControlContext): Promise<AgentView[]> {
  const [installed, programs] = await Promise.all([
    listInstalledAgents(cc.ctx),
    listPrograms(cc.ctx.catalog, "agent"),
  ]);
  const configured = configuredAgents(cc);
  const views: AgentView[] = installed.map((view) => ({
    ...view,
    configured_in: configured.get(view.agent) ?? [],
  }));
  for (const [agent, projects] of configured) {
    if (installed.some((view) => view.agent === agent)) continue;
    const binary = programs.find((entry) => entry.plugin === agent)?.program.binary ?? null;
    const base = { agent, binary, path: null, version: null, configured_in: projects };
    views.push(
      binary === null
        ? { ...base, can_be_worker: true }
        : { ...base, can_be_worker: false, why_not: `\`${binary}\` is not on PATH` },
    );
  }
  return views;
}

/** An agent CLI on PATH, before the configuration is consulted. */
type InstalledAgentView = Omit<AgentView, "configured_in" | "binary" | "path"> & {
  binary: string;
  path: string;
};

/**
 * The agent CLIs actually installed here: the catalog's agent plugins whose program is on PATH
 * (the daemon's PATH), each run once with its version flag. Only what answers can be a worker.
 */
async function listInstalledAgents(ctx: AoContext): Promise<InstalledAgentView[]> {
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
