import type { TokenCounts } from "../slots/usage.js";

/**
 * USD per million tokens of one model. A cache price left out is the input price (a provider that
 * does not price cached input apart); `cacheWrite1h` left out is `cacheWrite`.
 */
export interface ModelPrice {
  readonly input: number;
  readonly output: number;
  readonly cacheRead?: number | undefined;
  readonly cacheWrite?: number | undefined;
  readonly cacheWrite1h?: number | undefined;
  /**
   * Prices for a call whose prompt (input, cache read and cache write) is above
   * `abovePromptTokens`: the whole call is priced at them (Claude Code's `longPrompt`).
   */
  readonly longPrompt?: (Omit<ModelPrice, "longPrompt"> & { readonly abovePromptTokens: number }) | undefined;
}

/** The day the table below was last checked; `ao cost` and docs/cost.md say it. */
export const PRICE_TABLE_DATE = "2026-12-03";

/** Claude Code 2.1.332's pricing tiers (its baked model catalog, `pricing_tiers`), USD per Mtok. */
const tier = (
  input: number,
  output: number,
  cacheWrite: number,
  cacheWrite1h: number,
  cacheRead: number,
): ModelPrice => ({ input, output, cacheRead, cacheWrite, cacheWrite1h });
const HAIKU_35 = tier(0.8, 4, 1, 1.6, 0.08);
const HAIKU_45 = tier(1, 5, 1.25, 2, 0.1);
const HAIKU_55: ModelPrice = {
  ...tier(0.1, 0.5, 0.125, 0.2, 0.01),
  longPrompt: { abovePromptTokens: 100_000, ...tier(0.5, 2.5, 0.625, 1, 0.05) },
};
const T2_10 = tier(2, 10, 2.5, 4, 0.2);
const T2_10_CR_010 = tier(2, 10, 2.5, 4, 0.1);
const T3_15 = tier(3, 15, 3.75, 6, 0.3);
const T4_20_CR_020 = tier(4, 20, 5, 8, 0.2);
const T5_25 = tier(5, 25, 6.25, 10, 0.5);
const T8_40_CR_020 = tier(8, 40, 10, 16, 0.2);
const T10_50 = tier(10, 50, 12.5, 20, 1);
const T10_50_CR_025 = tier(10, 50, 12.5, 20, 0.25);
const T15_75 = tier(15, 75, 18.75, 30, 1.5);
const GPT_5: ModelPrice = { input: 1.25, output: 10, cacheRead: 0.125 };
const GPT_5_MINI: ModelPrice = { input: 0.25, output: 2, cacheRead: 0.025 };

/**
 * The prices ao ships (docs/cost.md). Anthropic's are the baked model catalog of Claude Code 2.1.332
 * (npm `@anthropic-ai/claude-code`, read 2026-12-03): every model it names, at the tier it prices it
 * with for its own `/cost`. OpenAI's and Google's are their published list prices for the models
 * named. The models the supported CLIs default to are recorded in cli-defaults.ts with the version
 * they were read from; a test fails when one of them has no price here. Those no source available
 * offline prices (Codex's gpt-6.*, most of Gemini CLI's gemini-3.*) are listed there as unpriced:
 * their tokens are recorded and their cost is unknown until `pricing:` gives one, and `ao doctor`
 * and `ao cost` name them.
 */
export const BUILT_IN_PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-3-5-haiku": HAIKU_35,
  "claude-haiku-4-5": HAIKU_45,
  "claude-haiku-5-5": HAIKU_55,
  "claude-3-5-sonnet": T3_15,
  "claude-3-7-sonnet": T3_15,
  "claude-sonnet-4": T3_15,
  "claude-sonnet-4-0": T3_15,
  "claude-sonnet-4-5": T3_15,
  "claude-sonnet-4-6": T3_15,
  "claude-sonnet-5": T2_10,
  "claude-sonnet-5-5": T2_10_CR_010,
  "claude-opus-4": T15_75,
  "claude-opus-4-0": T15_75,
  "claude-opus-4-1": T15_75,
  "claude-opus-4-5": T5_25,
  "claude-opus-4-6": T5_25,
  "claude-opus-4-7": T5_25,
  "claude-opus-4-8": T5_25,
  "claude-opus-5": T5_25,
  "claude-opus-5-5": T4_20_CR_020,
  "claude-fable-5": T10_50,
  "claude-fable-5-1": T10_50_CR_025,
  "claude-fable-5-2": T8_40_CR_020,
  "claude-mythos-5": T10_50,
  "claude-mythos-5-1": T10_50_CR_025,
  "claude-mythos-5-2": T8_40_CR_020,
  "gpt-5": GPT_5,
  "gpt-5-codex": GPT_5,
  "gpt-5.1": GPT_5,
  "gpt-5.1-codex": GPT_5,
  "gpt-5.1-codex-max": GPT_5,
  "gpt-5-mini": GPT_5_MINI,
  "gpt-5.1-codex-mini": GPT_5_MINI,
  "gpt-5-nano": { input: 0.05, output: 0.4, cacheRead: 0.005 },
  "gemini-2.5-pro": { input: 1.25, output: 10, cacheRead: 0.125 },
  "gemini-2.5-flash": { input: 0.3, output: 2.5, cacheRead: 0.03 },
  "gemini-2.5-flash-lite": { input: 0.1, output: 0.4, cacheRead: 0.01 },
  "gemini-3-pro-preview": { input: 2, output: 12, cacheRead: 0.2 },
};

/** A dated snapshot id (`-20250929`, `-2025-08-07`) or Claude Code's context suffix (`[1m]`). */
const VERSION_SUFFIX = /(?:-\d{8}|-\d{4}-\d{2}-\d{2})?(?:\[\d+m\])?$/i;

/**
 * The price of `model` in `table`: its exact name, else its name without a dated-snapshot suffix
 * or a provider prefix (`anthropic/`, `openai/`). Never a near name: `gpt-5-codex` is not `gpt-5`.
 */
export function findPrice(
  table: Readonly<Record<string, ModelPrice>>,
  model: string | null,
): ModelPrice | undefined {
  if (model === null) return undefined;
  const name = model.trim().toLowerCase();
  const bare = name.replace(/^[a-z0-9-]+\//, "");
  for (const candidate of [name, bare, bare.replace(VERSION_SUFFIX, "")]) {
    const price = Object.hasOwn(table, candidate) ? table[candidate] : undefined;
    if (price !== undefined) return price;
  }
  return undefined;
}

/** What the tokens cost at `price`, in USD. */
export function usdOf(tokens: TokenCounts, base: ModelPrice): number {
  const prompt = tokens.input + tokens.cacheRead + tokens.cacheWrite;
  const long = base.longPrompt;
  const price = long !== undefined && prompt > long.abovePromptTokens ? long : base;
  const cacheWrite = price.cacheWrite ?? price.input;
  const perMillion =
    tokens.input * price.input +
    tokens.output * price.output +
    tokens.cacheRead * (price.cacheRead ?? price.input) +
    (tokens.cacheWrite - tokens.cacheWrite1h) * cacheWrite +
    tokens.cacheWrite1h * (price.cacheWrite1h ?? cacheWrite);
  return perMillion / 1_000_000;
}

/** The shipped table with the config's `pricing:` on top (its names lower-cased, as lookups are). */
export function priceTable(overrides: Readonly<Record<string, ModelPrice>> = {}): Record<string, ModelPrice> {
  const table: Record<string, ModelPrice> = { ...BUILT_IN_PRICES };
  for (const [model, price] of Object.entries(overrides)) table[model.trim().toLowerCase()] = price;
  return table;
}
