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
}

/** The day the table below was last checked; `ao cost` and docs/cost.md say it. */
export const PRICE_TABLE_DATE = "2026-12-02";

const SONNET: ModelPrice = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, cacheWrite1h: 6 };
const OPUS_4: ModelPrice = { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75, cacheWrite1h: 30 };
const OPUS_45: ModelPrice = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 };
const CLAUDE_5: ModelPrice = { input: 10, output: 50, cacheRead: 1, cacheWrite: 12.5, cacheWrite1h: 20 };
const GPT_5: ModelPrice = { input: 1.25, output: 10, cacheRead: 0.125 };
const GPT_5_MINI: ModelPrice = { input: 0.25, output: 2, cacheRead: 0.025 };

/**
 * The prices ao ships (docs/cost.md). Anthropic's are the table Claude Code 2.1.197 carries for its
 * own `/cost` (read from its package); OpenAI's and Google's are their published list prices for
 * the models named. Models the CLIs name that are not here (Codex's gpt-6-*, Gemini CLI's
 * gemini-3.8-*) have no price ao could verify: their tokens are recorded and their cost is unknown
 * until `pricing:` in agent-orchestrator.yaml gives one.
 */
export const BUILT_IN_PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-3-5-haiku": { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1, cacheWrite1h: 1.6 },
  "claude-haiku-4-5": { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25, cacheWrite1h: 2 },
  "claude-3-5-sonnet": SONNET,
  "claude-3-7-sonnet": SONNET,
  "claude-sonnet-4": SONNET,
  "claude-sonnet-4-0": SONNET,
  "claude-sonnet-4-5": SONNET,
  "claude-sonnet-4-6": SONNET,
  "claude-sonnet-5": SONNET,
  "claude-opus-4": OPUS_4,
  "claude-opus-4-0": OPUS_4,
  "claude-opus-4-1": OPUS_4,
  "claude-opus-4-5": OPUS_45,
  "claude-opus-4-6": OPUS_45,
  "claude-opus-4-7": OPUS_45,
  "claude-opus-4-8": OPUS_45,
  "claude-fable-5": CLAUDE_5,
  "claude-mythos-5": CLAUDE_5,
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
export function usdOf(tokens: TokenCounts, price: ModelPrice): number {
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
