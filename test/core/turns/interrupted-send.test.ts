import { describe, expect, it } from "vitest";
import type { Turn } from "../../../src/core/store/index.js";
import { describeInterruptedSend } from "../../../src/core/turns/index.js";

/**
 * What Ctrl-C of `ao send` says (issue 25), for every state the turn can be in at that moment. The
 * queued and running states are also seen through the built ao (test/e2e/send-interrupt.test.ts);
 * the two delivering ones last milliseconds, too short for a signal to land there reliably.
 */
function turn(status: Turn["status"], fields: Partial<Turn> = {}): Turn {
  return {
    id: "t-2",
    sessionId: "app-1",
    origin: "cli",
    reactionId: null,
    message: { sha256: "0".repeat(64), bytes: 4 },
    messageText: status === "queued" || status === "delivering" ? "next" : null,
    marker: null,
    status,
    queuedAt: 1,
    deliveredAt: null,
    startedAt: null,
    endedAt: null,
    reply: null,
    replySource: null,
    error: null,
    work: null,
    cursor: null,
    claimant: null,
    claimedAt: null,
    updatedAt: 1,
    ...fields,
  };
}

describe("what Ctrl-C of ao send says it left", () => {
  it("says nothing was sent when the message was not a turn yet", () => {
    expect(describeInterruptedSend(undefined)).toBe(
      "interrupted before the message became a turn: nothing was sent",
    );
  });

  it("says a turn caught before its paste is queued again and delivered once", () => {
    const said = describeInterruptedSend(turn("delivering"));
    expect(said).toContain("app-1 turn t-2 was being delivered and nothing was pasted yet");
    expect(said).toContain("queued again and delivered once");
  });

  it("says a turn caught after its paste may be unsubmitted, is checked, and is never sent twice", () => {
    const said = describeInterruptedSend(turn("delivering", { cursor: "42" }));
    expect(said).toContain("it may have been pasted but not submitted");
    expect(said).toContain("clears an unsubmitted paste");
    expect(said).toContain("never sent twice");
    expect(said).toContain("`ao turns show t-2`");
  });

  it("names how a turn that already ended ended, with its error", () => {
    const said = describeInterruptedSend(turn("failed", { error: "the agent exited" }));
    expect(said).toContain("app-1 turn t-2 already ended: failed (the agent exited)");
  });
});
