import type { AoContext } from "../context.js";
import type { Agent, UsageRecord } from "../slots/index.js";
import {
  getUsageCursor,
  isTerminalStatus,
  priceUnpriced,
  recordUsage,
  unpricedModels,
  writeTransaction,
  type Session,
  type Store,
  type UsageRecordRow,
} from "../store/index.js";
import { findPrice, usdOf, type ModelPrice } from "./prices.js";
import { messageOf } from "../errors.js";

/** How to reach a session's agent: the daemon from its engine's plugins, `ao cost` from the config. */
export type UsageAgentOf = (session: Session) => Promise<Agent>;

export interface UsageRefresh {
  /** Sessions whose agent was read. */
  readonly read: number;
  /** Records stored (new or changed). */
  readonly records: number;
  /** What went wrong per session; the other sessions were still read. */
  readonly errors: readonly string[];
}

/**
 * Reads what each session's agent recorded since its cursor and stores it priced (docs/cost.md).
 * An agent without the usage capability is skipped (its cost stays unknown); an ended session is
 * read once more after it ended, then no longer. Records of models that had no price are priced
 * once `table` has one.
 */
export async function refreshUsage(
  ctx: AoContext,
  store: Store,
  agentOf: UsageAgentOf,
  table: Readonly<Record<string, ModelPrice>>,
  sessions: readonly Session[],
): Promise<UsageRefresh> {
  let read = 0;
  let records = 0;
  const errors: string[] = [];
  for (const session of sessions) {
    const cursor = getUsageCursor(store, session.id);
    if (isTerminalStatus(session.status) && cursor !== undefined && cursor.readAt > (session.endedAt ?? 0))
      continue;
    try {
      const agent = await agentOf(session);
      if (agent.usage === undefined) continue;
      records += await readSession(store, session, agent, cursor?.cursor ?? "", table);
      read += 1;
    } catch (error) {
      const message = `usage of ${session.id}: ${messageOf(error)}`;
      ctx.logger.warn(message, { session: session.id });
      errors.push(message);
    }
  }
  repriceKnownModels(store, table);
  return { read, records, errors };
}

async function readSession(
  store: Store,
  session: Session,
  agent: Agent,
  cursor: string,
  table: Readonly<Record<string, ModelPrice>>,
): Promise<number> {
  const probe = {
    sessionId: session.id,
    worktree: session.worktree,
    cursor,
    ...(session.agentSessionId === null ? {} : { agentSessionId: session.agentSessionId }),
  };
  const found = await agent.usage!(probe);
  const rows = found.records.map((record) => priced(record, table));
  writeTransaction(store, (tx) =>
    recordUsage(
      tx,
      { sessionId: session.id, project: session.project, agent: session.agent, cursor: found.cursor },
      found.source,
      rows,
    ),
  );
  return rows.length;
}

/** The record with its cost: null when the model has no price (the tokens stay). */
export function priced(record: UsageRecord, table: Readonly<Record<string, ModelPrice>>): UsageRecordRow {
  const price = findPrice(table, record.model);
  return { ...record, usd: price === undefined ? null : usdOf(record.tokens, price) };
}

function repriceKnownModels(store: Store, table: Readonly<Record<string, ModelPrice>>): void {
  const known = unpricedModels(store).flatMap((model) => {
    const price = findPrice(table, model);
    return price === undefined ? [] : [{ model, price }];
  });
  if (known.length === 0) return;
  writeTransaction(store, (tx) => {
    for (const { model, price } of known) priceUnpriced(tx, model, (tokens) => usdOf(tokens, price));
  });
}
