import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import { pluginsForSessions } from "../sessions/session-plugins.js";
import { closeStore, listSessions, openStore, type Store } from "../store/index.js";
import type { AoConfig } from "../config/types.js";
import { budgetGaps, type BudgetGap } from "./budget-gaps.js";
import { PRICE_TABLE_DATE, priceTable } from "./prices.js";
import { readSpend, type Spend, type SpendFilter } from "./read-spend.js";
import { refreshUsage } from "./refresh-usage.js";

export const COST_GROUPINGS = ["session", "project", "day", "agent"] as const;
export type CostGrouping = (typeof COST_GROUPINGS)[number];

export interface CostQuery {
  readonly project?: string | undefined;
  /** ms since the epoch. */
  readonly since?: number | undefined;
  readonly by: CostGrouping;
  readonly configPath?: string | undefined;
}

export interface CostReport {
  readonly by: CostGrouping;
  readonly since: string | null;
  readonly priceTableDate: string;
  readonly groups: readonly (Spend & { readonly key: string })[];
  readonly total: Spend;
  /** The budgets in force for the sessions reported that cannot be enforced, and why. */
  readonly unenforcedBudgets: readonly BudgetGap[];
}

/**
 * `ao cost`: reads what the agents recorded since the last read first (so it is right without a
 * daemon), then sums the store by the grouping. Totals come from one readSpend over the same filter.
 */
export async function costReport(ctx: AoContext, query: CostQuery): Promise<CostReport> {
  const config = await configIfAny(ctx, query.configPath);
  const store = openStore(ctx);
  try {
    const sessions = listSessions(store, { project: query.project });
    const plugins = await pluginsForSessions(ctx, sessions, query.configPath);
    const agentOf = (session: (typeof sessions)[number]) =>
      plugins.registry.resolve("agent", session.agent, plugins.optionsFor(session, "agent"));
    await refreshUsage(ctx, store, agentOf, priceTable(config?.pricing ?? {}), sessions);
    const filter: SpendFilter = { projectId: query.project, since: query.since };
    return {
      by: query.by,
      since: query.since === undefined ? null : new Date(query.since).toISOString(),
      priceTableDate: PRICE_TABLE_DATE,
      groups: groupKeys(store, query, ctx.clock.now()).map(({ key, filter: narrow }) => ({
        key,
        ...readSpend(store, { ...filter, ...narrow }),
      })),
      total: readSpend(store, filter),
      unenforcedBudgets: await budgetGaps(store, config, sessions, agentOf, ctx.clock.now()),
    };
  } finally {
    closeStore(store);
  }
}

/** Without a configuration there is no `pricing:` and no budget; a broken one is the person's to fix. */
async function configIfAny(ctx: AoContext, configPath: string | undefined): Promise<AoConfig | undefined> {
  const { loadConfig } = await import("../config/load-config.js");
  try {
    return (await loadConfig(ctx, { configPath })).config;
  } catch (error) {
    if (isAoError(error) && error.code === "E_CONFIG_NOT_FOUND") return undefined;
    throw error;
  }
}

const DAY_MS = 86_400_000;

function groupKeys(store: Store, query: CostQuery, now: number): { key: string; filter: SpendFilter }[] {
  if (query.by === "day") {
    const first = query.since ?? firstUsageAt(store) ?? now;
    const days: { key: string; filter: SpendFilter }[] = [];
    for (let day = Math.floor(first / DAY_MS) * DAY_MS; day <= now; day += DAY_MS)
      days.push({
        key: new Date(day).toISOString().slice(0, 10),
        filter: { since: Math.max(day, first), until: day + DAY_MS },
      });
    return days;
  }
  const column = { session: "id", project: "project", agent: "agent" }[query.by];
  const rows = store.db
    .prepare(
      `SELECT DISTINCT ${column} AS key FROM sessions ${query.project === undefined ? "" : "WHERE project = ?"} ORDER BY key`,
    )
    .all(...(query.project === undefined ? [] : [query.project])) as { key: string }[];
  const name = { session: "sessionId", project: "projectId", agent: "agent" }[query.by];
  return rows.map(({ key }) => ({ key, filter: { [name]: key } }));
}

function firstUsageAt(store: Store): number | undefined {
  const row = store.db.prepare("SELECT MIN(at) AS at FROM usage_records").get() as { at: number | null };
  return row.at ?? undefined;
}
