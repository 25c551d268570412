import type { DefaultModels } from "../../../core/plugin-api.js";

/**
 * What codex-cli 0.171.0 (npm `@openai/codex`) falls back to, read on 2026-12-03 from the models
 * list bundled in its binary: `get_default_model` takes the listed model of the lowest `priority`,
 * gpt-6.2-sol. Its title-generation thread (test/fixtures/agents/codex/notify-payloads.jsonl) is a
 * thread of its own whose token counts are not in the session's rollout.
 */
export const CODEX_DEFAULT_MODELS: DefaultModels = {
  source: "codex-cli 0.171.0",
  recorded: "2026-12-03",
  models: ["gpt-6.2-sol"],
  // Codex's package carries no prices, and OpenAI's list for gpt-6.2-sol was not at hand offline.
  unpriced: ["gpt-6.2-sol"],
  sideCalls: "not counted: its title-generation thread is not in the session's rollout file",
};
