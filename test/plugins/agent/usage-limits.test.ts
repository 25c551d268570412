import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recognizeClaudeLimit } from "../../../src/plugins/agent/claude-code/limits.js";
import { recognizeCodexLimit } from "../../../src/plugins/agent/codex/limits.js";
import { recognizeGeminiLimit } from "../../../src/plugins/agent/gemini/limits.js";
import { recognizeOpencodeLimit } from "../../../src/plugins/agent/opencode/limits.js";
import { nextClockTime } from "../../../src/plugins/agent/_shared/reset-time.js";

const fixtures = join(import.meta.dirname, "../../fixtures/agents");
const read = (agent: string, name: string): string =>
  readFileSync(join(fixtures, agent, "limits", name), "utf8");
const screen = (agent: string, name: string): string =>
  readFileSync(join(fixtures, agent, "turns/screens", name), "utf8");

/** 2026-12-02 10:00 UTC: the wording's times are read against it. */
const NOW = Date.UTC(2026, 11, 2, 10, 0);
const iso = (ms: number | undefined): string | undefined =>
  ms === undefined ? undefined : new Date(ms).toISOString();

describe("Claude Code's limit messages", () => {
  it("reads a reset time of day in the zone it names", () => {
    const limit = recognizeClaudeLimit(`❯ fix it\n${read("claude", "session-limit.txt")}`, NOW);
    expect(limit?.words).toBe("You've hit your session limit · resets 3:30pm (Europe/London)");
    // London is on GMT in December; Claude Code drops the seconds, so the limit lasts the minute out.
    expect(iso(limit?.resetAt)).toBe("2026-12-02T15:31:00.000Z");
  });

  it("still holds during the printed minute: the reset may be any second of it", () => {
    const during = Date.UTC(2026, 11, 2, 15, 30, 40);
    const limit = recognizeClaudeLimit(read("claude", "session-limit.txt"), during);
    expect(limit?.resetAt).toBeGreaterThan(during);
    expect(iso(limit?.resetAt)).toBe("2026-12-02T15:31:00.000Z");
  });

  it("reads a dated reset in another zone", () => {
    const limit = recognizeClaudeLimit(read("claude", "weekly-limit-date.txt"), NOW);
    expect(iso(limit?.resetAt)).toBe("2026-12-09T22:01:00.000Z"); // 5pm EST, to the minute's end
  });

  it("has no reset time when none is printed", () => {
    const limit = recognizeClaudeLimit(read("claude", "no-reset.txt"), NOW);
    expect(limit).toEqual({ words: "You've hit your usage limit · contact your admin to increase it" });
  });

  it("sees no limit on an ordinary screen", () => {
    expect(
      recognizeClaudeLimit(readFileSync(join(fixtures, "claude/screens/idle.txt"), "utf8"), NOW),
    ).toBeNull();
  });
});

describe("Codex's limit messages", () => {
  it("reads a same-day reset in the machine's zone", () => {
    const limit = recognizeCodexLimit(read("codex", "plus-same-day.txt"), NOW);
    expect(limit?.words).toMatch(/^You've hit your usage limit\. Upgrade to Plus/);
    expect(limit?.resetAt).toBe(
      nextClockTime(NOW, Intl.DateTimeFormat().resolvedOptions().timeZone, { hour: 15, minute: 5 }),
    );
  });

  it("reads a dated reset with its ordinal day", () => {
    const limit = recognizeCodexLimit(read("codex", "other-day.txt"), NOW);
    const local = new Date(limit?.resetAt ?? 0);
    expect([
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
    ]).toEqual([2026, 11, 3, 9, 16]); // 9:15 AM, to the end of that minute
  });

  it("has no reset time when none is printed", () => {
    expect(recognizeCodexLimit(read("codex", "no-reset.txt"), NOW)?.resetAt).toBeUndefined();
  });
});

describe("Gemini CLI's limit messages", () => {
  it("reads 'Access resets at' in the zone by its short name", () => {
    const limit = recognizeGeminiLimit(read("gemini", "access-resets.txt"), NOW);
    expect(limit?.words).toBe("Usage limit reached for all Pro models. Access resets at 3:04 PM UTC.");
    expect(iso(limit?.resetAt)).toBe("2026-12-02T15:05:00.000Z"); // 3:04 PM, to the minute's end
  });

  it("recognises the recorded daily-quota dialog, which prints no time", () => {
    const limit = recognizeGeminiLimit(read("gemini", "no-reset-dialog.txt"), NOW);
    expect(limit).toEqual({ words: "Usage limit reached for gemini-3.8-flash." });
  });

  it("recognises the recorded daily-quota error line", () => {
    expect(recognizeGeminiLimit(screen("gemini", "failed-429.txt"), NOW)?.words).toBe(
      "[API Error: You have exhausted your daily quota on this model.]",
    );
  });

  it("sees no limit in a 401", () => {
    expect(
      recognizeGeminiLimit(screen("gemini", "failed-401.txt").split("> Please fail with 429")[0]!, NOW),
    ).toBeNull();
  });
});

describe("opencode's limit messages", () => {
  it("reads 'It will reset in' as a duration from now", () => {
    const limit = recognizeOpencodeLimit(read("opencode", "go-reset-in.txt"), NOW);
    expect(limit?.resetAt).toBe(NOW + (2 * 60 + 5) * 60_000);
  });

  it("has no reset time for the free tier", () => {
    expect(recognizeOpencodeLimit(read("opencode", "free-no-reset.txt"), NOW)).toEqual({
      words: "Free usage exceeded, subscribe to Go",
    });
  });
});

describe("a time of day without a date", () => {
  it("is the next occurrence, allowing a message read a little late", () => {
    const zone = "UTC";
    expect(iso(nextClockTime(NOW, zone, { hour: 9, minute: 30 }))).toBe("2026-12-02T09:30:00.000Z");
    expect(iso(nextClockTime(NOW, zone, { hour: 8, minute: 0 }))).toBe("2026-12-03T08:00:00.000Z");
  });
});
