import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { pluginOptions } from "../config/project-plugins.js";
import type { LoadedConfig, ProjectConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { budgetGaps, budgetGapLine } from "../cost/budget-gaps.js";
import { unrecordedBudgets } from "../gates/gates.js";
import { createPluginRegistry } from "../registry/plugin-registry.js";
import { closeStore, listSessions, openStore, type Session } from "../store/index.js";
import type { DoctorCheck } from "./check.js";

/**
 * Budgets are checked against recorded cost only (issue 14): a budget whose project's agent, or
 * whose live sessions' agents, record no usage (or record it with no price) cannot hold anything.
 * One line per project with a budget: ok when every line can be enforced, else a warning naming
 * the agent, the session and why.
 */
export async function checkBudgets(ctx: AoContext, loaded: LoadedConfig): Promise<DoctorCheck[]> {
  const projects = Object.values(loaded.config.projects).filter(
    (project) => (project.budget.session ?? project.budget.project) !== undefined,
  );
  if (projects.length === 0) return [];
  const sessions = liveSessions(ctx);
  return Promise.all(
    projects.map((project) =>
      checkProjectBudget(
        ctx,
        loaded,
        project,
        sessions.filter((session) => session.project === project.id),
      ),
    ),
  );
}

async function checkProjectBudget(
  ctx: AoContext,
  loaded: LoadedConfig,
  project: ProjectConfig,
  sessions: readonly Session[],
): Promise<DoctorCheck> {
  const { id, path, defaultBranch, repo } = project;
  const registry = createPluginRegistry(ctx, {
    baseDir: dirname(loaded.path),
    project: { id, path, defaultBranch, repo },
  });
  const resolveAgent = (name: string, options?: Record<string, unknown>) =>
    registry.resolve("agent", name, options).then(
      (agent) => agent.usage !== undefined,
      () => false,
    );
  const agentName = project.agent.plugin;
  const problems = (await resolveAgent(agentName, pluginOptions(project.agent)))
    ? []
    : unrecordedBudgets(project.budget, agentName).map((gap) => `new sessions: ${gap.why}`);
  const agentOf = (session: Session) =>
    registry.resolve(
      "agent",
      session.agent,
      session.agent === agentName ? pluginOptions(project.agent) : undefined,
    );
  const store = openStore(ctx);
  try {
    const gaps = await budgetGaps(store, loaded.config, sessions, agentOf, ctx.clock.now());
    problems.push(...gaps.map(budgetGapLine));
  } finally {
    closeStore(store);
  }
  const base = { id: `budget:${id}`, title: `budget of ${id}`, source: { keyPath: `projects.${id}.budget` } };
  if (problems.length === 0)
    return { ...base, status: "ok", detail: `enforced: agent ${agentName} records usage` };
  return {
    ...base,
    status: "warn",
    detail: `cannot be enforced (budgets count recorded cost only, unknown is never 0): ${problems.join("; ")}`,
    fix: `give project ${id} an agent whose usage ao reads (docs/cost.md), or remove its budget: lines`,
  };
}

/** The sessions still running; none when the state database does not exist yet (doctor creates nothing). */
function liveSessions(ctx: AoContext): Session[] {
  if (!existsSync(ctx.paths.database)) return [];
  const store = openStore(ctx);
  try {
    return listSessions(store, { activeOnly: true });
  } finally {
    closeStore(store);
  }
}
