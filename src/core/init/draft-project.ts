import { agentCliForPlugin, DEFAULT_AGENT_PLUGIN } from "./agent-clis.js";
import type { RepoDetection } from "./detect-repository.js";
import { slugifyProjectId } from "./slugify.js";

/** A tracker or SCM plugin choice; `apiUrl` only for GitHub Enterprise, `ci` only for scm/local. */
export interface PluginChoice {
  readonly plugin: "github" | "local";
  readonly apiUrl?: string | undefined;
  /** scm/local's CI commands: the detected test command, when there is one. */
  readonly ci?: readonly string[] | undefined;
}

export interface PostCreateSuggestion {
  readonly command: string;
  /** true: written as a value; false: written as a commented-out suggestion (see detect-toolchain.ts). */
  readonly active: boolean;
}

/** The one project `ao init` writes, before a person (maybe) changes id, branch or agent. */
export interface ProjectDraft {
  readonly id: string;
  /** owner/name on GitHub (the config's `repo` means a GitHub repository); undefined elsewhere. */
  readonly repo: string | undefined;
  readonly defaultBranch: string;
  readonly agent: string;
  /** Whether the chosen agent's CLI was found on PATH (the YAML says so when it was not). */
  readonly agentInstalled: boolean;
  readonly tracker: PluginChoice;
  readonly scm: PluginChoice;
  readonly postCreate: PostCreateSuggestion | undefined;
}

export function draftProject(detection: RepoDetection): ProjectDraft {
  const location = detection.origin.location;
  const agent = detection.agents[0]?.plugin ?? DEFAULT_AGENT_PLUGIN;
  const toolchain = detection.toolchain;
  return {
    id: slugifyProjectId(detection.directoryName),
    repo: location && location.hostKind !== "other" ? `${location.owner}/${location.repo}` : undefined,
    defaultBranch: detection.defaultBranch.name,
    agent,
    agentInstalled: isAgentInstalled(detection, agent),
    tracker: choosePlugin(detection),
    scm: withLocalCi(choosePlugin(detection), toolchain?.test),
    postCreate: toolchain?.install ? { command: toolchain.install, active: toolchain.locked } : undefined,
  };
}

export function isAgentInstalled(detection: RepoDetection, plugin: string): boolean {
  // An agent ao has no CLI entry for (e.g. a plugin from the catalog) cannot be checked here.
  if (agentCliForPlugin(plugin) === undefined) return true;
  return detection.agents.some((agent) => agent.plugin === plugin);
}

/** Local mode has no forge to run CI: the project's own test command becomes scm/local's CI. */
function withLocalCi(choice: PluginChoice, test: string | undefined): PluginChoice {
  return choice.plugin === "local" && test !== undefined ? { ...choice, ci: [test] } : choice;
}

function choosePlugin(detection: RepoDetection): PluginChoice {
  const location = detection.origin.location;
  if (location?.hostKind === "github") return { plugin: "github" };
  if (location?.hostKind === "github-enterprise") {
    return { plugin: "github", apiUrl: `https://${location.host}/api/v3` };
  }
  return { plugin: "local" };
}
