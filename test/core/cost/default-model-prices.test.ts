import { describe, expect, it } from "vitest";
import { BUILT_IN_PRICES, findPrice, usdOf } from "../../../src/core/cost/prices.js";
import { unpricedDefaults } from "../../../src/core/cost/unpriced-defaults.js";
import type { DefaultModels } from "../../../src/core/plugin-api.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

/** Every built-in agent's recorded defaults (src/plugins/agent/<name>/default-models.ts). */
async function recordedDefaults(): Promise<[string, DefaultModels | undefined][]> {
  return Promise.all(
    Object.entries(builtinCatalog.agent).map(async ([name, load]) => {
      const module = (await load()) as { plugin: { defaultModels?: DefaultModels } };
      return [name, module.plugin.defaultModels] as [string, DefaultModels | undefined];
    }),
  );
}

describe("the price table covers the models the supported CLIs default to (issue 25)", () => {
  it("has a price for every recorded default that the recording does not say is unpriced", async () => {
    const missing = (await recordedDefaults()).flatMap(([agent, defaults]) =>
      unpricedDefaults(defaults, BUILT_IN_PRICES)
        .filter((gap) => !gap.acknowledged)
        .map((gap) => `${agent}: ${gap.model} (${gap.source})`),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the unpriced lists true: each is a recorded default and still has no price", async () => {
    for (const [agent, defaults] of await recordedDefaults()) {
      for (const model of defaults?.unpriced ?? []) {
        expect(defaults?.models, `${agent}: ${model}`).toContain(model);
        expect(findPrice(BUILT_IN_PRICES, model), `${agent}: ${model} has a price now`).toBeUndefined();
      }
    }
  });

  it("records claude-code, codex, gemini and opencode, each with its version and the day", async () => {
    const recorded = Object.fromEntries(await recordedDefaults());
    for (const agent of ["claude-code", "codex", "gemini", "opencode"]) {
      expect(recorded[agent]?.source, agent).toMatch(/\d+\.\d+\.\d+$/);
      expect(recorded[agent]?.recorded, agent).toBe("2026-12-03");
      expect(recorded[agent]?.sideCalls, agent).toMatch(/counted/);
    }
    expect(recorded["claude-code"]?.models).toEqual(
      expect.arrayContaining(["claude-opus-5-5", "claude-sonnet-5", "claude-haiku-5-5"]),
    );
  });

  it("prices Claude Code 2.1.332's defaults at its own catalog's tiers, long prompts apart", () => {
    const tokens = { input: 1000, output: 100, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 };
    expect(usdOf(tokens, findPrice(BUILT_IN_PRICES, "claude-opus-5-5")!)).toBeCloseTo(
      (1000 * 4 + 100 * 20) / 1e6,
      12,
    );
    expect(usdOf(tokens, findPrice(BUILT_IN_PRICES, "claude-sonnet-5")!)).toBeCloseTo(
      (1000 * 2 + 100 * 10) / 1e6,
      12,
    );
    const haiku = findPrice(BUILT_IN_PRICES, "claude-haiku-5-5")!;
    expect(usdOf(tokens, haiku)).toBeCloseTo((1000 * 0.1 + 100 * 0.5) / 1e6, 12);
    const long = { ...tokens, input: 90_000, cacheRead: 20_000 };
    expect(usdOf(long, haiku)).toBeCloseTo((90_000 * 0.5 + 20_000 * 0.05 + 100 * 2.5) / 1e6, 12);
  });
});
