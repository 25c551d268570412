import { z } from "zod";

const perMillion = (what: string) =>
  z
    .number()
    .min(0)
    .meta({ description: `USD per million ${what} tokens.` });

/**
 * `pricing:` (docs/cost.md): prices per model that add to or replace the table ao ships
 * (src/core/cost/prices.ts), for a model it does not know or a price that changed.
 */
export const pricingSchema = z
  .record(
    z
      .string()
      .min(1)
      .meta({ description: "The model's name as the agent records it (case does not matter)." }),
    z.strictObject({
      input: perMillion("input (not cached)"),
      output: perMillion("output (reasoning included)"),
      cacheRead: perMillion("cached input").optional(),
      cacheWrite: perMillion("cache-write input").optional(),
      cacheWrite1h: perMillion("one-hour cache-write input").optional(),
    }),
  )
  .meta({
    description: "Model prices (USD per million tokens) on top of ao's dated table; `ao cost` uses them.",
  });
