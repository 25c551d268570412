import { AoError } from "../errors.js";
import type { AgentLaunchInput } from "../slots/index.js";
import type { OpenProject } from "./open-project.js";

/**
 * How the project lets its agent act (docs/acp.md#auto-allowed-tool-kinds): `agentConfig.permissions`
 * for every agent, and `agentConfig.autoAllow` for an agent that asks its questions as data. Pure:
 * the launch input's fields, or a refusal when autoAllow names kinds an agent could never be
 * answered for (its questions are on its screen), rather than ignoring them.
 */
export function launchPermissions(
  opened: Pick<OpenProject, "project" | "agent" | "names">,
): Pick<AgentLaunchInput, "permissions" | "autoAllow"> {
  const { permissions, autoAllow } = opened.project.agentConfig;
  if (autoAllow.length === 0) return { permissions };
  if (opened.agent.answersQuestions !== true)
    throw new AoError(
      "E_CONFIG_INVALID",
      `projects.${opened.project.id}.agentConfig.autoAllow (${autoAllow.join(", ")}) needs an agent that asks its permission questions as data; ${opened.names.agent} asks them on its screen`,
      {
        hint: `use agent: {plugin: acp, …} or protocol: acp (docs/acp.md), or remove agentConfig.autoAllow from project ${opened.project.id}`,
      },
    );
  return { permissions, autoAllow };
}
