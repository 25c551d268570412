import type { AoConfig } from "../config/index.js";
import { AoError } from "../errors.js";
import { learnedAgentMemory, listSessions, type Store } from "../store/index.js";
import { admissionVerdict } from "./admission-verdict.js";
import type { Machine } from "./machine.js";

/** An agent counts as still starting, at its expected size, for its first minute. */
export const STARTING_MS = 60_000;

/** The bytes an agent plugin is expected to take: configured, else learned, else 0 (unknown). */
export function expectedAgentMemory(config: AoConfig, learned: ReadonlyMap<string, number>, agent: string) {
  return config.admission?.perAgentMemory?.[agent] ?? learned.get(agent) ?? 0;
}

/**
 * Refuses (E_NO_ROOM, which `--queue` waits on) a new `agent` the machine cannot carry now by the
 * config's `admission:`; no `admission:` admits everything. Agents still starting (spawning, or
 * started within STARTING_MS) count at their expected size, so five spawns at once do not all see
 * the memory the first has not taken yet.
 */
export function checkAdmission(
  store: Store,
  machine: Machine,
  config: AoConfig,
  agent: string,
  now: number,
): void {
  const admission = config.admission;
  if (admission === undefined) return;
  const learned = learnedAgentMemory(store);
  const starting = listSessions(store, { activeOnly: true })
    .filter((session) => session.status === "spawning" || now - session.createdAt < STARTING_MS)
    .reduce((sum, session) => sum + expectedAgentMemory(config, learned, session.agent), 0);
  const refusal = admissionVerdict({
    admission,
    machine: machine.read(),
    expected: expectedAgentMemory(config, learned, agent),
    starting,
  });
  if (refusal === undefined) return;
  throw new AoError("E_NO_ROOM", `the machine cannot carry another ${agent} now: ${refusal.reason}`, {
    hint: "wait with --queue, end a session (ao session kill <id>), or change admission: in agent-orchestrator.yaml",
    details: { ...refusal, agent, key: "admission" },
  });
}
