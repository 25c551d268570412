import type { PluginConfig } from "../config/types.js";
import type { CatalogProgram } from "../registry/list-programs.js";
import type { RepoDetection } from "./detect-repository.js";
import type { ForgeChoices } from "./propose-plugins.js";
import { slugifyProjectId } from "./slugify.js";

export interface PostCreateSuggestion {
  readonly command: string;
  /** true: written as a value; false: written as a commented-out suggestion (see detect-toolchain.ts). */
  readonly active: boolean;
}

/** The one project `ao init` writes, before a person (maybe) changes id, branch or agent. */
export interface ProjectDraft {
  readonly id: string;
  /** owner/name of the hosted repository the chosen scm (or tracker) serves; undefined elsewhere. */
  readonly repo: string | undefined;
  readonly defaultBranch: string;
  readonly agent: string;
  /** Whether the chosen agent's CLI was found on PATH (the YAML says so when it was not). */
  readonly agentInstalled: boolean;
  /** `{ plugin, ...options }` as written; undefined when the catalog has no plugin for the slot. */
  readonly tracker: PluginConfig | undefined;
  readonly scm: PluginConfig | undefined;
  readonly postCreate: PostCreateSuggestion | undefined;
}

/** What the catalog knows about agents: their programs, and which one is the default. */
export interface AgentFacts {
  readonly programs: readonly CatalogProgram[];
  readonly fallback: string | undefined;
}

export function draftProject(
  detection: RepoDetection,
  forges: ForgeChoices,
  agents: AgentFacts,
): ProjectDraft {
  const agent = detection.agents[0]?.plugin ?? agents.fallback ?? agents.programs[0]?.plugin ?? "";
  const toolchain = detection.toolchain;
  return {
    // The repository's own name (a checkout in `tmp/x` or `widgets-2` is still `widgets`), also
    // when origin is a local path; the directory's name only without an origin.
    id: slugifyProjectId(detection.origin.location?.repo ?? detection.origin.name ?? detection.directoryName),
    repo: forges.scm?.proposal.repo ?? forges.tracker?.proposal.repo,
    defaultBranch: detection.defaultBranch.name,
    agent,
    agentInstalled: isAgentInstalled(detection, agents, agent),
    tracker: forges.tracker?.config,
    scm: forges.scm?.config,
    postCreate: toolchain?.install ? { command: toolchain.install, active: toolchain.locked } : undefined,
  };
}

export function isAgentInstalled(detection: RepoDetection, agents: AgentFacts, plugin: string): boolean {
  // An agent whose plugin declares no program (e.g. `command`) cannot be checked here.
  if (!agents.programs.some((entry) => entry.plugin === plugin)) return true;
  return detection.agents.some((agent) => agent.plugin === plugin);
}
