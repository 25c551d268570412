import { REACTION_KEYS } from "./reaction-names.js";
import type { ReactionOverride } from "./reaction-schema.js";
import type { ReactionKey, ReactionTable } from "./types.js";

export type ReactionOverrides = Partial<Record<ReactionKey, ReactionOverride | undefined>>;

/** Key by key: a user who writes only `retries: 3` keeps the base action, message and priority. */
export function mergeReactions(
  base: Readonly<ReactionTable>,
  overrides: ReactionOverrides | undefined,
): ReactionTable {
  const merged = {} as ReactionTable;
  for (const key of REACTION_KEYS) {
    const written = Object.entries(overrides?.[key] ?? {}).filter(([, value]) => value !== undefined);
    merged[key] = { ...base[key], ...Object.fromEntries(written) };
  }
  return merged;
}
