import type { DefaultModels } from "../../../core/plugin-api.js";

/**
 * What Gemini CLI 0.61.0 (npm `@google/gemini-cli`) falls back to, read on 2026-12-03 from its
 * bundle (packages/core/src/config/models.ts): the `auto` alias routes each request to a pro or a
 * flash model — gemini-3-pro-preview or gemini-3.1-pro-preview(-customtools) and gemini-3.8-flash
 * or gemini-3-flash-preview with preview access, gemini-2.5-pro and gemini-3.5-flash without —
 * and its router (the classifier) asks a flash-lite model (gemini-3.1-flash-lite, or
 * gemini-3.5-flash-lite as the latest).
 */
export const GEMINI_DEFAULT_MODELS: DefaultModels = {
  source: "Gemini CLI 0.61.0",
  recorded: "2026-12-03",
  models: [
    "gemini-3-pro-preview",
    "gemini-3.1-pro-preview",
    "gemini-3.1-pro-preview-customtools",
    "gemini-3.8-flash",
    "gemini-3-flash-preview",
    "gemini-2.5-pro",
    "gemini-3.5-flash",
    "gemini-3.1-flash-lite",
    "gemini-3.5-flash-lite",
  ],
  // Gemini CLI's package carries no prices, and Google's list for these was not at hand offline.
  unpriced: [
    "gemini-3.1-pro-preview",
    "gemini-3.1-pro-preview-customtools",
    "gemini-3.8-flash",
    "gemini-3-flash-preview",
    "gemini-3.5-flash",
    "gemini-3.1-flash-lite",
    "gemini-3.5-flash-lite",
  ],
  sideCalls: "not counted: its model router's classifier calls are not written to its chat files",
};
