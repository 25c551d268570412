import { describe, expect, it } from "vitest";
import type { ActivityProbe, ActivityReport, Liveness, TurnProbe } from "../../../src/core/slots/index.js";
import { replyFromScreen, lineHash, messageLineHashes } from "../../../src/core/turns/screen-reply.js";
import { observeScreenTurn, screenTurnCursor } from "../../../src/core/turns/screen-turns.js";

const BANNER = ["Aider (fake)", "Main model: fake-model", ""];
const screen = (...lines: string[]) => lines.join("\n");
const hashes = (text: string) => text.split("\n").map(lineHash);

describe("replyFromScreen", () => {
  it("is what appeared below the message's echo and above the unchanged prompt", () => {
    const before = screen(...BANNER, ">");
    const after = screen(...BANNER, "> hello there", "", "the answer", "is 42", "", ">");
    expect(replyFromScreen(hashes(before), messageLineHashes("hello there"), after)).toBe(
      "the answer\nis 42",
    );
  });

  it("finds the new reply under earlier turns, even when it is word for word an earlier one", () => {
    const before = screen(...BANNER, "> first", "", "Done.", "", ">");
    const after = screen(...BANNER, "> first", "", "Done.", "", "> second", "", "Done.", "", ">");
    expect(replyFromScreen(hashes(before), messageLineHashes("second"), after)).toBe("Done.");
  });

  it("skips a multi-line echo and a prompt box drawn the same before and after", () => {
    const rule = "─".repeat(40);
    const box = [rule, "❯", rule, "  ? for shortcuts"];
    const before = screen("Claude Code (fake)", "", ...box);
    const after = screen("Claude Code (fake)", "", "❯ fix the bug", "  in parser.ts", "● Fixed it.", ...box);
    const message = "fix the bug\nin parser.ts";
    expect(replyFromScreen(hashes(before), messageLineHashes(message), after)).toBe("● Fixed it.");
  });

  it("without an echo on screen, is what changed between the unchanged top and bottom", () => {
    const before = screen("top", "prompt");
    const after = screen("top", "[Pasted text #1 +40 lines]", "reply line", "prompt");
    expect(replyFromScreen(hashes(before), [], after)).toBe("[Pasted text #1 +40 lines]\nreply line");
  });
});

function probe(over: { screen: string; cursor: string; now: number; liveness?: Liveness }): TurnProbe {
  return {
    sessionId: "app-1",
    worktree: "/w",
    liveness: over.liveness ?? { state: "alive" },
    screen: over.screen,
    cursor: over.cursor,
    message: { sha256: "x", bytes: 5 },
    deliveredAt: 0,
    now: over.now,
  };
}

/** An agent whose activity comes from its screen: a spinner line means working, a bare prompt idle. */
const activity = (probe: ActivityProbe): Promise<ActivityReport> =>
  Promise.resolve({
    activity: probe.screen?.includes("Waiting for")
      ? "working"
      : probe.screen?.endsWith(">")
        ? "idle"
        : "unknown",
  });

describe("observeScreenTurn", () => {
  const before = screen(...BANNER, ">");
  const cursor0 = screenTurnCursor({
    sessionId: "app-1",
    worktree: "/w",
    liveness: { state: "alive" },
    screen: before,
    messageText: "hello",
  });

  it("waits while the screen is as before, runs while working, ends once idle and still for quietMs", async () => {
    const waiting = await observeScreenTurn(probe({ screen: before, cursor: cursor0, now: 1_000 }), activity);
    expect(waiting.state).toBe("waiting");
    const working = screen(...BANNER, "> hello", "", "Waiting for fake-model");
    const running = await observeScreenTurn(
      probe({ screen: working, cursor: waiting.cursor, now: 2_000 }),
      activity,
    );
    expect(running.state).toBe("running");
    const done = screen(...BANNER, "> hello", "", "Hi! How can I help?", "", ">");
    const settling = await observeScreenTurn(
      probe({ screen: done, cursor: running.cursor, now: 3_000 }),
      activity,
    );
    expect(settling.state).toBe("running");
    const still = await observeScreenTurn(
      probe({ screen: done, cursor: settling.cursor, now: 4_500 }),
      activity,
      {
        quietMs: 1_500,
      },
    );
    expect(still).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hi! How can I help?",
      source: "screen",
    });
    expect(still.cursor).not.toContain("How can I help");
  });

  it("never ends a turn of an agent that is gone: core tells a death from an end", async () => {
    const done = screen(...BANNER, "> hello", "", "partial", ">");
    const first = await observeScreenTurn(probe({ screen: done, cursor: cursor0, now: 0 }), activity);
    const gone = await observeScreenTurn(
      probe({ screen: done, cursor: first.cursor, now: 60_000, liveness: { state: "exited", exitCode: 1 } }),
      activity,
    );
    expect(gone.state).toBe("running");
  });

  it("with a failure pattern, a reply line matching it fails the turn with those lines as the agent's words", async () => {
    const done = screen(...BANNER, "> hello", "", "litellm.AuthenticationError: no API key", ">");
    const first = await observeScreenTurn(probe({ screen: done, cursor: cursor0, now: 0 }), activity);
    const ended = await observeScreenTurn(
      probe({ screen: done, cursor: first.cursor, now: 5_000 }),
      activity,
      {
        failurePattern: /Error:/,
      },
    );
    expect(ended).toMatchObject({
      state: "ended",
      outcome: "failed",
      error: "litellm.AuthenticationError: no API key",
    });
  });
});

describe("replyFromScreen with a TUI that redraws by clearing the screen", () => {
  it("reads the last frame: tmux keeps every cleared frame, echo included, in the scrollback", () => {
    const frame = (...body: string[]) => [...BANNER, ...body];
    const before = screen(...frame(">"));
    const after = screen(
      ...frame("> hello"),
      ...frame("> hello", "", "Waiting for fake-model"),
      ...frame("> hello", "", "Waiting for fake-model"),
      ...frame("> hello", "", "the answer", "", ">"),
    );
    expect(replyFromScreen(hashes(before), messageLineHashes("hello"), after)).toBe("the answer");
  });
});

describe("replyFromScreen, frames and chrome together", () => {
  it("strips the prompt of the last frame even when the old screen is the top of the scrollback", () => {
    const frame = (...body: string[]) => [...BANNER, "Added task.md to the chat (read only).", "", ...body];
    const before = screen(...frame(">"));
    const after = screen(
      ...frame(">"),
      ...frame("> what changed?", "", "Waiting"),
      ...frame("> what changed?", "", "It works now.", "", ">"),
    );
    expect(replyFromScreen(hashes(before), messageLineHashes("what changed?"), after)).toBe("It works now.");
  });
});

describe("replyFromScreen when both screens hold frames", () => {
  it("compares the last frames, so a reply word for word the one before is still read", () => {
    const frame = (...body: string[]) => [...BANNER, ...body];
    const first = [...frame("> first", "", "Waiting"), ...frame("> first", "", "one at a time", "", ">")];
    const before = screen(...first);
    const after = screen(
      ...first,
      ...frame("> first", "", "one at a time", "", "> second", "", "Waiting"),
      ...frame("> first", "", "one at a time", "", "> second", "", "one at a time", "", ">"),
    );
    expect(replyFromScreen(hashes(before), messageLineHashes("second"), after)).toBe("one at a time");
  });
});
