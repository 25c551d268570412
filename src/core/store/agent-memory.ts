import { statement, type Store, type WriteTx } from "./store.js";

/** What each agent plugin was measured to take lately (migration 013), bytes by plugin name. */
export function learnedAgentMemory(store: Store): Map<string, number> {
  const rows = statement(store, "SELECT agent, bytes FROM agent_memory").all() as {
    agent: string;
    bytes: number;
  }[];
  return new Map(rows.map((row) => [row.agent, row.bytes]));
}

/** How much of the last figure a new, smaller measurement keeps: the figure decays 5 % per look. */
const KEEP = 0.95;

/**
 * Adds one measurement of an agent (the largest process tree of its sessions this look): the figure
 * becomes the larger of the new measurement and 95 % of the old one, so it follows a peak at once
 * and forgets it slowly.
 */
export function recordAgentMemory(tx: WriteTx, agent: string, bytes: number, now: number): number {
  const row = statement(tx, "SELECT bytes FROM agent_memory WHERE agent = ?").get(agent) as
    { bytes: number } | undefined;
  const figure = Math.max(Math.round(bytes), Math.round((row?.bytes ?? 0) * KEEP));
  statement(tx, "INSERT OR REPLACE INTO agent_memory (agent, bytes, measured_at) VALUES (?, ?, ?)").run(
    agent,
    figure,
    now,
  );
  return figure;
}
