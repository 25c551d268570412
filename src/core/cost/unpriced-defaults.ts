import type { DefaultModels } from "../registry/plugin-capabilities.js";
import { findPrice, type ModelPrice } from "./prices.js";

/** A default model of an agent's CLI that `table` has no price for. */
export interface UnpricedDefault {
  readonly model: string;
  /** Where the default was read: "Claude Code 2.1.332, 2026-12-03". */
  readonly source: string;
  /** True when the recording says so (`unpriced`); false: a default that should have had a price. */
  readonly acknowledged: boolean;
}

/**
 * The defaults of an agent's CLI that have no price in `table` (ao's table with the config's
 * `pricing:` on top). Why: a CLI update that changes its default model made every turn unknown and
 * every `maxCostUsd` unenforceable without a word; this is what `ao doctor` and `ao cost` say.
 */
export function unpricedDefaults(
  defaults: DefaultModels | undefined,
  table: Readonly<Record<string, ModelPrice>>,
): UnpricedDefault[] {
  if (defaults === undefined) return [];
  const source = `${defaults.source}, ${defaults.recorded}`;
  const acknowledged = new Set(defaults.unpriced ?? []);
  return defaults.models
    .filter((model) => findPrice(table, model) === undefined)
    .map((model) => ({ model, source, acknowledged: acknowledged.has(model) }));
}
