import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import { pluginsForSessions } from "../session-plugins/session-plugins.js";
import { closeStore, listSessions, openStore, type Store } from "../store/index.js";
import type { LoadedConfig } from "../config/types.js";
import { dirname } from "node:path";
import { agentDefaultModels } from "./agent-defaults.js";
import { budgetGaps, type BudgetGap } from "./budget-gaps.js";
import { PRICE_TABLE_DATE, priceTable } from "./prices.js";
import { readSpend, type Spend, type SpendFilter } from "./read-spend.js";
import { refreshUsage } from "./refresh-usage.js";
import { readTokenKinds, readUnpricedModels, type TokenKinds, type UnpricedModel } from "./spend-detail.js";
import { unpricedDefaults, type UnpricedDefault } from "./unpriced-defaults.js";

export const COST_GROUPINGS = ["session", "project", "day", "agent"] as const;
export type CostGrouping = (typeof COST_GROUPINGS)[number];

export interface CostQuery {
  readonly project?: string | undefined;
  /** ms since the epoch. */
  readonly since?: number | undefined;
  readonly by: CostGrouping;
  readonly configPath?: string | undefined;
}

/** A group's spend with its tokens by kind (null: nothing recorded). */
export type CostGroup = Spend & { readonly key: string; readonly tokensByKind: TokenKinds | null };

/** Per agent of the reported sessions: what its CLI spends that ao does (not) count. */
export interface AgentCostNote {
  readonly agent: string;
  /** Its CLI's side calls (titles, classifiers): counted or not, and why. */
  readonly sideCalls: string;
  /** Its CLI's default models that have no price (with the config's `pricing:`). */
  readonly unpricedDefaults: readonly UnpricedDefault[];
}

export interface CostReport {
  readonly by: CostGrouping;
  readonly since: string | null;
  readonly priceTableDate: string;
  readonly groups: readonly CostGroup[];
  readonly total: Omit<CostGroup, "key">;
  /** The models of the reported records that have no price: their cost is left out of `usd`. */
  readonly unpricedModels: readonly UnpricedModel[];
  readonly agents: readonly AgentCostNote[];
  /** The budgets in force for the sessions reported that cannot be enforced, and why. */
  readonly unenforcedBudgets: readonly BudgetGap[];
}

/**
 * `ao cost`: reads what the agents recorded since the last read first (so it is right without a
 * daemon), then sums the store by the grouping. Totals come from one readSpend over the same filter.
 */
export async function costReport(ctx: AoContext, query: CostQuery): Promise<CostReport> {
  const loaded = await configIfAny(ctx, query.configPath);
  const config = loaded?.config;
  const table = priceTable(config?.pricing ?? {});
  const store = openStore(ctx);
  try {
    const sessions = listSessions(store, { project: query.project });
    const plugins = await pluginsForSessions(ctx, sessions, query.configPath);
    const agentOf = (session: (typeof sessions)[number]) =>
      plugins.registry.resolve("agent", session.agent, plugins.optionsFor(session, "agent"));
    await refreshUsage(ctx, store, agentOf, table, sessions);
    const filter: SpendFilter = { projectId: query.project, since: query.since };
    const spendOf = (narrow: SpendFilter) => ({
      ...readSpend(store, narrow),
      tokensByKind: readTokenKinds(store, narrow),
    });
    const baseDir = loaded === undefined ? ctx.cwd : dirname(loaded.path);
    return {
      by: query.by,
      since: query.since === undefined ? null : new Date(query.since).toISOString(),
      priceTableDate: PRICE_TABLE_DATE,
      groups: groupKeys(store, query, ctx.clock.now()).map(({ key, filter: narrow }) => ({
        key,
        ...spendOf({ ...filter, ...narrow }),
      })),
      total: spendOf(filter),
      unpricedModels: readUnpricedModels(store, filter),
      agents: await agentNotes(ctx, [...new Set(sessions.map((session) => session.agent))], baseDir, table),
      unenforcedBudgets: await budgetGaps(store, config, sessions, agentOf, ctx.clock.now()),
    };
  } finally {
    closeStore(store);
  }
}

/** What each agent's CLI leaves uncounted or unpriced, sorted by agent. */
async function agentNotes(
  ctx: AoContext,
  agents: readonly string[],
  baseDir: string,
  table: Parameters<typeof unpricedDefaults>[1],
): Promise<AgentCostNote[]> {
  const notes = await Promise.all(
    [...agents].sort().map(async (agent) => {
      const defaults = await agentDefaultModels(ctx, agent, baseDir);
      return defaults === undefined
        ? undefined
        : { agent, sideCalls: defaults.sideCalls, unpricedDefaults: unpricedDefaults(defaults, table) };
    }),
  );
  return notes.filter((note) => note !== undefined);
}

/** Without a configuration there is no `pricing:` and no budget; a broken one is the person's to fix. */
async function configIfAny(
  ctx: AoContext,
  configPath: string | undefined,
): Promise<LoadedConfig | undefined> {
  const { loadConfig } = await import("../config/load-config.js");
  try {
    return await loadConfig(ctx, { configPath });
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
