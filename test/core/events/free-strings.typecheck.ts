// Read by the compiler only (`npm run typecheck`, and event-union.test.ts, which also checks that
// every line marked below fails without its marker). Nothing calls this function.
import {
  appendEvent,
  insertReactionIfNew,
  insertSession,
  markReactionDone,
  updateSession,
  type WriteTx,
} from "../../../src/core/store/index.js";

const row = { id: "app-1", project: "app", branch: "b", worktree: "/w", runtime: "r", agent: "a" };

export function onlyTheUnionCompiles(tx: WriteTx, type: string): void {
  // @ts-expect-error a free string is not an event type
  appendEvent(tx, { type, payload: {} });
  // @ts-expect-error a type no family has
  appendEvent(tx, { type: "session.dancing", payload: {} });
  // @ts-expect-error a known type whose payload has a renamed field
  appendEvent(tx, { type: "session.status", payload: { from: "working", to: "idle", why: "agent_idle" } });
  // @ts-expect-error a known type without its payload
  appendEvent(tx, { type: "pr.opened" });
  // @ts-expect-error the `event:` of a session change takes the union too
  updateSession(tx, "app-1", {}, { type, payload: {} });
  // @ts-expect-error and so does a new session's
  insertSession(tx, row, { type: "session.spawned", payload: {} });
  // @ts-expect-error and a reaction's transition
  markReactionDone(tx, 1, { event: { type: "reaction.done", payload: {} } });
  // @ts-expect-error and a planned reaction's
  insertReactionIfNew(tx, { reactionKey: "ci-failed", dedupeKey: "k" }, { type, payload: {} });

  appendEvent(tx, { type: "session.status", payload: { from: "working", to: "idle", reason: "agent_idle" } });
  appendEvent(tx, { type: "lifecycle.exited", payload: { type: "exited", exitCode: 1 } });
}
