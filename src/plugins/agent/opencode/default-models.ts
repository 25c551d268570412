import type { DefaultModels } from "../../../core/plugin-api.js";

/**
 * opencode 1.18.33 (npm `opencode-ai`), read on 2026-12-03, has no model of its own to fall back
 * to: it uses the model its configuration names (or the first one of the providers it is given).
 * ao does not read its usage yet (docs/cost.md), so nothing of it is priced either way.
 */
export const OPENCODE_DEFAULT_MODELS: DefaultModels = {
  source: "opencode 1.18.33",
  recorded: "2026-12-03",
  models: [],
  sideCalls: "not counted: ao does not read opencode's usage yet",
};
