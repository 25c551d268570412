import { getUsageCursor, type Store } from "../store/index.js";
import { readSpend, type Spend } from "./read-spend.js";

/**
 * A session's cost as `ao status`, `ao session ls` and the dashboard show it: its recorded spend,
 * and whether its agent records usage at all (`recorded: false`: aider, a plain command, or not
 * read yet — shown as unknown, never as zero).
 */
export interface SessionCost extends Spend {
  readonly recorded: boolean;
  /** When its agent's records were last read (ms since the epoch); null when never. */
  readonly readAt: number | null;
}

export function sessionCost(store: Store, sessionId: string): SessionCost {
  const cursor = getUsageCursor(store, sessionId);
  return {
    ...readSpend(store, { sessionId }),
    recorded: cursor !== undefined,
    readAt: cursor?.readAt ?? null,
  };
}

/** "$1.23", "12,345 tokens (price unknown)" or "unknown": what a person reads in a table cell. */
export function costText(cost: Pick<Spend, "usd" | "tokens" | "unpricedTokens"> | null): string {
  if (cost === null || (cost.usd === null && cost.tokens === null)) return "unknown";
  if (cost.usd === null) return `${(cost.tokens ?? 0).toLocaleString("en-US")} tokens (price unknown)`;
  const partly = cost.unpricedTokens > 0 ? "+?" : "";
  return `$${cost.usd.toFixed(2)}${partly}`;
}
