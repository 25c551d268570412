import { describe, expect, it } from "vitest";
import type { ConflictBrief, QueueEntryBrief, SpawnWaitBrief } from "../../src/web/api/types.js";
import {
  conflictDetail,
  conflictText,
  describeAnswer,
  diffText,
  dollars,
  holdText,
  untilText,
} from "../../src/web/page/card-facts.js";
import { entrySessionText, queueStateText, waitKindText } from "../../src/web/page/queue-words.js";

const NOW = Date.parse("2026-12-03T14:18:00Z");
/** A fixed clock face, so the test does not depend on the machine's time zone. */
const clock = (iso: string) =>
  `${new Date(iso).getUTCHours()}:${String(new Date(iso).getUTCMinutes()).padStart(2, "0")}`;

describe("a card's richer facts, in words", () => {
  it("says a rate limit's reset in the person's time and how long until it", () => {
    expect(untilText("2026-12-03T14:30:00Z", NOW, clock)).toBe("until 14:30, in 12 min");
    expect(untilText("2026-12-03T16:48:00Z", NOW, clock)).toBe("until 16:48, in 2 h 30 min");
    expect(untilText("2026-12-03T14:00:00Z", NOW, clock)).toBe("until 14:00, any moment now");
    expect(
      holdText(
        { gate: "rate_limit", words: "You've hit your limit", until: "2026-12-03T14:30:00Z" },
        NOW,
        clock,
      ),
    ).toBe("rate limited until 14:30, in 12 min: You've hit your limit");
    expect(holdText({ gate: "budget", words: "$5.10 of $5", until: null }, NOW)).toBe(
      "over budget: $5.10 of $5",
    );
    expect(holdText(null, NOW)).toBeNull();
  });

  it("says the diff size, and a spend under a cent is never $0.00", () => {
    expect(diffText({ added: 4, removed: 1, files: 2, head: "abc", base: "refs/heads/main" })).toBe(
      "+4 −1 in 2 files",
    );
    expect(diffText({ added: 0, removed: 3, files: 1, head: "abc", base: "refs/heads/main" })).toBe(
      "+0 −3 in 1 file",
    );
    expect(diffText(null)).toBeNull();
    expect(diffText({ added: 0, removed: 0, files: 0, head: "abc", base: "refs/heads/main" })).toBe(
      "no changes yet",
    );
    expect(dollars(0.000175)).toBe("<$0.01");
    expect(dollars(1.234)).toBe("$1.23");
    expect(dollars(0)).toBe("$0");
  });

  it("says what an answer did", () => {
    const answer = {
      session: "app-1",
      questionId: "q-1",
      option: { id: "allow-once", name: "Allow once", kind: "allow_once" },
      confirmed: true,
      next: null,
    };
    expect(describeAnswer(answer)).toBe('Answered "Allow once"; the agent goes on.');
    expect(describeAnswer({ ...answer, next: { id: "q-2", title: "Read notes.txt" } })).toBe(
      'Answered "Allow once"; the agent asks next: Read notes.txt',
    );
    expect(describeAnswer({ ...answer, confirmed: false })).toContain("not confirmed yet");
  });
});

describe("the conflict radar and the queue, in words", () => {
  const brief = (fields: Partial<ConflictBrief>): ConflictBrief => ({
    kind: "conflict",
    with: "app-3",
    branch: "ao/app-3",
    files: ["a.ts", "b.ts"],
    hunks: [{ file: "a.ts", start: 5, end: 11 }],
    since: "2026-12-03T14:00:00Z",
    ...fields,
  });

  it("names the other session (or the default branch) and counts the files; an overlap is said apart", () => {
    expect(conflictText(brief({}))).toBe("conflicts with app-3 in 2 files");
    expect(conflictText(brief({ with: null, branch: "main", files: ["a.ts"] }))).toBe(
      "conflicts with main in 1 file",
    );
    expect(conflictText(brief({ kind: "overlap", files: ["a.ts"] }))).toBe("overlaps app-3 in 1 file");
    expect(conflictDetail(brief({}))).toBe("a.ts:5-11, b.ts");
  });

  it("says a queue entry's state as a person does, and what holds a waiting spawn", () => {
    const entry = (fields: Partial<QueueEntryBrief>): QueueEntryBrief => ({
      entry: 1,
      session: "app-2",
      place: 1,
      state: "queued",
      attempt: 1,
      note: "waiting to be brought up to date",
      reason: null,
      enteredAt: "2026-12-03T14:00:00Z",
      endedAt: null,
      ...fields,
    });
    expect(queueStateText(entry({}))).toBe("waiting");
    expect(queueStateText(entry({ state: "testing" }))).toBe("testing");
    expect(queueStateText(entry({ state: "left" }))).toBe("left the queue");
    expect(entrySessionText(entry({ attempt: 2 }))).toBe("app-2 (try 2)");
    const wait = (code: string): SpawnWaitBrief => ({
      id: 1,
      project: "app",
      agent: "claude-code",
      task: "Translate the docs",
      code,
      reason: "waiting for 2.1 GiB free; 1.2 GiB now",
      since: "2026-12-03T14:00:00Z",
    });
    expect(waitKindText(wait("E_NO_ROOM"))).toBe("machine busy");
    expect(waitKindText(wait("E_RATE_LIMITED"))).toBe("usage limit");
  });
});
