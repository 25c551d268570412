import type { AoConfig } from "../config/types.js";
import type { DoctorCheck } from "./check.js";

/**
 * A project that opted into `permissionless` runs its agent with the agent's permission-bypass
 * flag. That is allowed, so it is a warning, never a failure: doctor just makes sure it is noticed.
 */
export function checkPermissions(config: AoConfig): DoctorCheck[] {
  return Object.values(config.projects)
    .filter((project) => project.agentConfig.permissions === "permissionless")
    .map((project) => ({
      id: `permissions:${project.id}`,
      title: `permissions of ${project.id}`,
      status: "warn",
      detail: `agentConfig.permissions is permissionless: ${project.agent.plugin} runs with its permission-bypass flags`,
      fix: `remove agentConfig.permissions from project ${project.id} unless it runs in a sandbox`,
    }));
}
