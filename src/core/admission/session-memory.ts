import type { Exec } from "../exec.js";
import type { Liveness } from "../slots/index.js";
import { recordAgentMemory, writeTransaction, type Store } from "../store/index.js";
import { measureTrees } from "./process-memory.js";

/**
 * Bytes each live session's agent takes now (its process tree), by session id, from one `ps`; a
 * session whose runtime gives no pid (docker, kubernetes, the process runtime) is left out.
 */
export async function measureSessionMemory(
  exec: Exec,
  probes: ReadonlyMap<string, { liveness?: Liveness | undefined }>,
): Promise<Map<string, number>> {
  const pids = new Map<string, number>();
  for (const [id, probe] of probes)
    if (probe.liveness?.state === "alive" && probe.liveness.pid !== undefined)
      pids.set(id, probe.liveness.pid);
  const trees = await measureTrees(exec, [...pids.values()]);
  const memory = new Map<string, number>();
  for (const [id, pid] of pids) {
    const bytes = trees.get(pid);
    if (bytes !== undefined) memory.set(id, bytes);
  }
  return memory;
}

/** Learns from one look: each agent plugin's largest session this look updates its figure. */
export function learnAgentMemory(
  store: Store,
  sessions: readonly { id: string; agent: string }[],
  memory: ReadonlyMap<string, number>,
  now: number,
): void {
  const largest = new Map<string, number>();
  for (const session of sessions) {
    const bytes = memory.get(session.id);
    if (bytes !== undefined) largest.set(session.agent, Math.max(bytes, largest.get(session.agent) ?? 0));
  }
  if (largest.size === 0) return;
  writeTransaction(store, (tx) => {
    for (const [agent, bytes] of largest) recordAgentMemory(tx, agent, bytes, now);
  });
}
