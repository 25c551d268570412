import { describe, expect, it } from "vitest";
import {
  allocateSessionId,
  claimDueReactions,
  deleteSession,
  escalateReaction,
  getReaction,
  insertReactionIfNew,
  insertSession,
  listEvents,
  listReactions,
  markReactionDone,
  markReactionFailed,
  releaseInterruptedReactions,
  requireReaction,
  writeTransaction,
  type NewReaction,
  type Reaction,
  type Store,
} from "../../../src/core/store/index.js";
import { openTestStore } from "./store-fixture.js";
import type { ReactionFacts } from "../../../src/core/events/index.js";
import { sessionCreated } from "../../helpers/events.js";

function plan(store: Store, reaction: NewReaction) {
  return writeTransaction(store, (tx) =>
    insertReactionIfNew(tx, reaction, {
      type: "reaction.planned",
      payload: {
        reaction: reaction.reactionKey,
        action: "notify",
        dedupeKey: reaction.dedupeKey,
        attempt: 0,
        dueAt: reaction.dueAt ?? 0,
      },
    }),
  );
}

const factsOf = (reaction: Reaction): ReactionFacts => ({
  reactionId: reaction.id,
  reaction: reaction.reactionKey,
  action: "notify",
  dedupeKey: reaction.dedupeKey,
  attempt: reaction.attempts,
});

const claim = (store: Store, limit?: number) =>
  writeTransaction(store, (tx) => claimDueReactions(tx, { limit }));

describe("reactions", () => {
  it("plans a dedupe key once: the second insert reports the existing reaction and logs nothing", () => {
    const { store } = openTestStore();
    const first = plan(store, { reactionKey: "ci-failed", dedupeKey: "ci:app-1:sha1", payload: { run: 1 } });
    const second = plan(store, { reactionKey: "ci-failed", dedupeKey: "ci:app-1:sha1", payload: { run: 2 } });
    expect(first.isNew).toBe(true);
    expect(second.isNew).toBe(false);
    expect(second.reaction).toEqual(first.reaction);
    expect(second.reaction.payload).toEqual({ run: 1 });
    expect(listReactions(store)).toHaveLength(1);
    expect(listEvents(store).filter((event) => event.type === "reaction.planned")).toHaveLength(1);
  });

  it("claims only what is due, in due order, and counts each claim as an attempt", () => {
    const { store, clock } = openTestStore();
    const start = clock.now();
    plan(store, { reactionKey: "notify", dedupeKey: "late", dueAt: start + 60_000 });
    plan(store, { reactionKey: "notify", dedupeKey: "now" });
    plan(store, { reactionKey: "notify", dedupeKey: "soon", dueAt: start + 1_000 });

    expect(claim(store).map((r) => r.dedupeKey)).toEqual(["now"]);
    expect(claim(store)).toEqual([]);
    clock.advance(60_000);
    const claimed = claim(store);
    expect(claimed.map((r) => r.dedupeKey)).toEqual(["soon", "late"]);
    expect(claimed.every((r) => r.status === "delivering" && r.attempts === 1)).toBe(true);
  });

  it("respects the claim limit", () => {
    const { store } = openTestStore();
    for (const key of ["a", "b", "c"]) plan(store, { reactionKey: "notify", dedupeKey: key });
    expect(claim(store, 2).map((r) => r.dedupeKey)).toEqual(["a", "b"]);
    expect(claim(store, 2).map((r) => r.dedupeKey)).toEqual(["c"]);
  });

  it("retries a failed delivery when told when, counting attempts, and gives up when not", () => {
    const { store, clock } = openTestStore();
    const { reaction } = plan(store, { reactionKey: "send-to-agent", dedupeKey: "review:1" });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const [claimed] = claim(store);
      expect(claimed?.attempts).toBe(attempt);
      writeTransaction(store, (tx) =>
        markReactionFailed(tx, reaction.id, { error: `timeout ${attempt}`, retryAt: clock.now() + 1000 }),
      );
      expect(claim(store)).toEqual([]);
      clock.advance(1000);
    }
    claim(store);
    const failed = writeTransaction(store, (tx) =>
      markReactionFailed(tx, reaction.id, { error: "agent gone" }),
    );
    expect(failed).toMatchObject({ status: "failed", attempts: 4, lastError: "agent gone" });
    clock.advance(1_000_000);
    expect(claim(store)).toEqual([]);
  });

  it("marks a delivered reaction done, with its event, and refuses to finish one it never claimed", () => {
    const { store } = openTestStore();
    const { reaction } = plan(store, { reactionKey: "notify", dedupeKey: "n1", sessionId: null });
    expect(() => writeTransaction(store, (tx) => markReactionDone(tx, reaction.id))).toThrow(/pending/);
    claim(store);
    const done = writeTransaction(store, (tx) =>
      markReactionDone(tx, reaction.id, {
        event: { type: "reaction.delivered", payload: { ...factsOf(reaction), notifiers: ["desktop"] } },
      }),
    );
    expect(done.status).toBe("done");
    expect(listEvents(store).map((event) => event.type)).toEqual(["reaction.planned", "reaction.delivered"]);
  });

  it("escalates a reaction to a person", () => {
    const { store } = openTestStore();
    const { reaction } = plan(store, { reactionKey: "ci-failed", dedupeKey: "ci:3" });
    const escalated = writeTransaction(store, (tx) =>
      escalateReaction(tx, reaction.id, {
        reason: "3 attempts",
        event: {
          type: "reaction.escalated",
          payload: { ...factsOf(reaction), reason: "3 attempts", notifiers: ["desktop"] },
        },
      }),
    );
    expect(escalated).toMatchObject({ status: "escalated", lastError: "3 attempts" });
    expect(claim(store)).toEqual([]);
  });

  it("puts reactions a dead daemon left delivering back to pending", () => {
    const { store } = openTestStore();
    plan(store, { reactionKey: "notify", dedupeKey: "x" });
    claim(store);
    expect(writeTransaction(store, (tx) => releaseInterruptedReactions(tx))).toBe(1);
    const [again] = claim(store);
    expect(again?.attempts).toBe(2);
  });

  it("goes away with its session", () => {
    const { store } = openTestStore();
    const id = writeTransaction(store, (tx) => {
      const id = allocateSessionId(tx, "app");
      insertSession(
        tx,
        { id, project: "app", branch: "b", worktree: "/w", runtime: "tmux", agent: "claude-code" },
        sessionCreated(),
      );
      return id;
    });
    const { reaction } = plan(store, { reactionKey: "notify", dedupeKey: "s", sessionId: id });
    expect(requireReaction(store, reaction.id).sessionId).toBe(id);
    writeTransaction(store, (tx) =>
      deleteSession(tx, id, { type: "session.killed", payload: { from: "spawning", purge: true } }),
    );
    expect(getReaction(store, reaction.id)).toBeUndefined();
  });
});
