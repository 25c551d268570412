import { existsSync } from "node:fs";
import { dirname } from "node:path";
import type { LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { agentDefaultModels } from "../cost/agent-defaults.js";
import { findPrice, priceTable, PRICE_TABLE_DATE, type ModelPrice } from "../cost/prices.js";
import { readUnpricedModels } from "../cost/spend-detail.js";
import { unpricedDefaults } from "../cost/unpriced-defaults.js";
import { closeStore, openStore } from "../store/index.js";
import type { DoctorCheck } from "./check.js";

/**
 * Whether ao can price what the configured agents spend (issue 25): the model each project names,
 * else its agent CLI's recorded default models, and every model already recorded without a price.
 * A model without one makes its turns' cost unknown and a `maxCostUsd` budget unenforceable, so it
 * is a warning that names the model and the way to add a price.
 */
export async function checkPrices(ctx: AoContext, loaded: LoadedConfig): Promise<DoctorCheck> {
  const table = priceTable(loaded.config.pricing ?? {});
  const problems = [
    ...(await configuredGaps(ctx, loaded, table)),
    ...recordedGaps(ctx).map((line) => `recorded without a price: ${line}`),
  ];
  const base = { id: "prices", title: "model prices", source: { keyPath: "pricing" } };
  if (problems.length === 0)
    return {
      ...base,
      status: "ok",
      detail: `every model in use has a price (ao's table of ${PRICE_TABLE_DATE})`,
    };
  return {
    ...base,
    status: "warn",
    detail: `cost is unknown and budgets cannot be enforced for: ${problems.join("; ")}`,
    fix: "add each model's price (USD per million tokens) under pricing: in agent-orchestrator.yaml (docs/cost.md)",
  };
}

/** Per project: its configured model, or its agent's default models, that have no price. */
async function configuredGaps(
  ctx: AoContext,
  loaded: LoadedConfig,
  table: Readonly<Record<string, ModelPrice>>,
): Promise<string[]> {
  const baseDir = dirname(loaded.path);
  const gaps = await Promise.all(
    Object.values(loaded.config.projects).map(async (project) => {
      const agent = project.agent.plugin;
      const model = project.agentConfig.model;
      if (model !== undefined)
        return findPrice(table, model) === undefined ? [`project ${project.id} (${agent}): ${model}`] : [];
      const defaults = await agentDefaultModels(ctx, agent, baseDir);
      return unpricedDefaults(defaults, table).map(
        (gap) => `project ${project.id} (${agent}): ${gap.model}, a default of ${gap.source}`,
      );
    }),
  );
  return [...new Set(gaps.flat())];
}

/** The models in the state database whose records have no price; none without a database. */
function recordedGaps(ctx: AoContext): string[] {
  if (!existsSync(ctx.paths.database)) return [];
  const store = openStore(ctx);
  try {
    return readUnpricedModels(store).map(
      (row) => `${row.model ?? "(model not recorded)"} (${row.tokens.toLocaleString("en-US")} tokens)`,
    );
  } finally {
    closeStore(store);
  }
}
