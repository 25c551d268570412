import { readFile } from "node:fs/promises";
import { budgetGaps, type BudgetGap } from "../cost/budget-gaps.js";
import { findConfigPath } from "../config/find-config-path.js";
import type { AoConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { closeStore, openStore, type Session } from "../store/index.js";
import type { SessionPlugins } from "../session-plugins/session-plugins.js";
import { loadConfigIfAny } from "../session-plugins/session-plugins.js";

/** `budget:` as a key anywhere in the file's text. */
const BUDGET_KEY = /(?:^|[\s{,])["']?budget["']?\s*:/m;

/**
 * The configuration when its text sets a budget, else undefined: `ao status` stays cheap (no zod, no
 * yaml) for the many files with no `budget:`. A file that does not load shows no gaps; the command's
 * own loading says why.
 */
export async function configWithBudgets(
  ctx: AoContext,
  configPath: string | undefined,
): Promise<AoConfig | undefined> {
  const path = await findConfigPath(ctx, configPath).catch(() => undefined);
  if (path === undefined) return undefined;
  const text = await readFile(path, "utf8").catch(() => "");
  if (!BUDGET_KEY.test(text)) return undefined;
  return (await loadConfigIfAny(ctx, path).catch(() => undefined))?.config;
}

/** The listed sessions' budgets that cannot be enforced, by session id (`ao status`, `ao session ls`). */
export async function listedBudgetGaps(
  ctx: AoContext,
  sessions: readonly Session[],
  plugins: SessionPlugins,
  configPath: string | undefined,
): Promise<Map<string, BudgetGap[]>> {
  const config = await configWithBudgets(ctx, configPath);
  const byId = new Map<string, BudgetGap[]>();
  if (config === undefined) return byId;
  const store = openStore(ctx);
  try {
    const agentOf = (session: Session) =>
      plugins.registry.resolve("agent", session.agent, plugins.optionsFor(session, "agent"));
    for (const gap of await budgetGaps(store, config, sessions, agentOf, ctx.clock.now()))
      byId.set(gap.sessionId, [...(byId.get(gap.sessionId) ?? []), gap]);
  } finally {
    closeStore(store);
  }
  return byId;
}
