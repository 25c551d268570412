import { createHash } from "node:crypto";
import { messageOf } from "../errors.js";
import type { AoContext } from "../context.js";
import type { Agent } from "../slots/index.js";
import { insertSpawnTurn, writeTransaction, type Session, type Store } from "../store/index.js";
import { turnsOfAgent } from "./read-signal.js";

/**
 * The spawn's first prompt is a turn like any other (origin `spawn`): the agent works on its task
 * first, so whatever its signals say next belongs to the task, never to a message sent right after
 * the spawn (which queues behind it, one turn at a time). The cursor is taken before the agent
 * starts, so its first prompt is the first thing after it.
 */
export interface SpawnTurnStart {
  readonly cursor: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** The agent's position in its signals before it is launched with `prompt`; undefined without a prompt. */
export async function spawnTurnCursor(
  ctx: AoContext,
  agent: Agent,
  session: Session,
  prompt: string,
): Promise<SpawnTurnStart | undefined> {
  if (prompt.trim() === "") return undefined;
  const probe = {
    sessionId: session.id,
    worktree: session.worktree,
    liveness: { state: "missing" as const },
    messageText: prompt,
    spawn: true,
  };
  try {
    const cursor = await turnsOfAgent(agent).turnCursor(probe);
    const sha256 = createHash("sha256").update(prompt, "utf8").digest("hex");
    return { cursor, sha256, bytes: Buffer.byteLength(prompt, "utf8") };
  } catch (error) {
    // Without a cursor the task is not a turn: the session works as before spawn turns existed.
    ctx.logger.warn("the agent could not take a cursor for its task", {
      session: session.id,
      error: messageOf(error),
    });
    return undefined;
  }
}

/** Records the task as the session's running turn, once the agent runs. */
export function recordSpawnTurn(store: Store, sessionId: string, start: SpawnTurnStart): void {
  writeTransaction(store, (tx) => insertSpawnTurn(tx, { sessionId, ...start }));
}
