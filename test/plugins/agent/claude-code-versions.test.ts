import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { agentEventsFile } from "../../../src/plugins/agent/_shared/agent-events.js";
import { claudeCodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { recognizeClaudeLimit } from "../../../src/plugins/agent/claude-code/limits.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { agentRecordings, tempClaudePaths } from "./fixtures.js";

/**
 * What every recorded Claude Code version did (test/fixtures/agents/claude/ for 2.1.197,
 * claude/<version>/ for later ones) read the way ao reads it: each case runs once per recording that
 * has the file, so a newer CLI's screens and hook payloads are checked next to the older ones.
 */
const alive: Liveness = { state: "alive" };
const agent = () => createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths());
const recordings = agentRecordings("claude");
const NOW = Date.parse("2026-12-03T12:00:00Z");

/** The recorded screens of one version with the activity each is, when that version has the file. */
const SCREENS: [file: string, activity: string][] = [
  ["screens/folder-trust.txt", "needs_input"],
  ["screens/folder-trust-local-hooks.txt", "needs_input"],
  ["screens/permission-prompt.txt", "needs_input"],
  ["screens/idle.txt", "idle"],
  ["screens/pretrusted-start.txt", "idle"],
  ["screens/idle-permission-mode-default.txt", "idle"],
  ["turns/completed.working.txt", "working"],
  ["turns/completed.screen.txt", "idle"],
  ["turns/permission-prompt.working.txt", "needs_input"],
  ["turns/rate-limited.working.txt", "working"],
  ["turns/rate-limited.screen.txt", "idle"],
];

function hookLines(dir: string): Record<string, unknown>[] {
  const files = [
    join(dir, "hook-events.jsonl"),
    ...(existsSync(join(dir, "turns")) ? readdirSync(join(dir, "turns")) : [])
      .filter((name) => name.endsWith(".hooks.jsonl"))
      .map((name) => join(dir, "turns", name)),
  ].filter((file) => existsSync(file));
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

function worktreeWithEvents(events: readonly Record<string, unknown>[]): string {
  const worktree = makeTempDir("ao-claude-versions-");
  mkdirSync(join(worktree, ".ao"));
  writeFileSync(agentEventsFile(worktree), events.map((event) => `${JSON.stringify(event)}\n`).join(""));
  return worktree;
}

const activityAfter = (events: readonly Record<string, unknown>[]) =>
  agent().activity({ sessionId: "s", worktree: worktreeWithEvents(events), liveness: alive });

describe.each(recordings)("Claude Code $version as recorded", ({ dir }) => {
  const cases = SCREENS.filter(([file]) => existsSync(join(dir, file)));

  it.each(cases)("reads %s as %s", async (file, expected) => {
    const screen = readFileSync(join(dir, file), "utf8");
    const report = await agent().activity({
      sessionId: "s",
      worktree: "/nonexistent",
      liveness: alive,
      screen,
    });
    expect(report.activity).toBe(expected);
  });

  it("reads every Notification it sent but idle_prompt as needs_input, with its message", async () => {
    const notifications = hookLines(dir).filter((event) => event["hook_event_name"] === "Notification");
    expect(notifications.length).toBeGreaterThan(0);
    for (const notification of notifications) {
      const prompt = { ...notification, hook_event_name: "UserPromptSubmit", prompt: "go" };
      const report = await activityAfter([prompt, notification]);
      const idle = notification["notification_type"] === "idle_prompt";
      expect(report).toMatchObject({
        activity: idle ? "idle" : "needs_input",
        detail: notification["message"],
      });
    }
  });
});

describe("Claude Code 2.1.33x's newer dialogs and errors", () => {
  const newest = recordings.at(-1)!;
  const turn = (name: string) =>
    readFileSync(join(newest.dir, "turns", `${name}.hooks.jsonl`), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it("records a newer version than 2.1.197 next to it", () => {
    expect(recordings.map((recording) => recording.version)).toContain("2.1.197");
    expect(recordings.length).toBeGreaterThan(1);
  });

  it("reads agent_needs_input (the classifier billing notice) as needs_input with its message", async () => {
    // The payload of a recorded Notification with the type and words 2.1.332's bundle gives this
    // dialog ("Auto mode has a classifier billing notice to acknowledge"): it could not be provoked
    // offline, as the notice needs auto mode's server-side fallback.
    const events = turn("permission-prompt");
    const prompt = events.find((event) => event["hook_event_name"] === "UserPromptSubmit");
    const notification = events.find((event) => event["hook_event_name"] === "Notification");
    expect(notification?.["notification_type"]).toBe("permission_prompt");
    const billing = {
      ...notification,
      notification_type: "agent_needs_input",
      message: "Auto mode has a classifier billing notice to acknowledge",
    };
    expect(await activityAfter([prompt!, billing])).toEqual(
      expect.objectContaining({
        activity: "needs_input",
        detail: "Auto mode has a classifier billing notice to acknowledge",
      }),
    );
  });
});

/**
 * The 429 recordings (claude-versioned.sh, claude-rate-limit.sh): a 429 with `retry-after: 20` every
 * time, read 8 s in, after its last retry, and what the version's retry line shows for a 401.
 * 2.1.197 capitalises "Retrying" and says "API error" for a 401 too; 2.1.332 names the 401.
 */
const RATE_LIMITED: Record<string, { retrying: string; waitS: number; unauthorizedIsLimit: boolean }> = {
  "2.1.197": { retrying: "API error · Retrying in 16s · attempt 1/10", waitS: 16, unauthorizedIsLimit: true },
  "2.1.332": {
    retrying: "API error · retrying in 18s · attempt 1/10",
    waitS: 18,
    unauthorizedIsLimit: false,
  },
};
const rateLimitRecordings = recordings.filter(({ dir }) =>
  existsSync(join(dir, "turns/rate-limited.hooks.jsonl")),
);

describe.each(rateLimitRecordings)("Claude Code $version: a 429 as recorded", ({ version, dir }) => {
  const expected = RATE_LIMITED[version];
  const turn = (name: string) =>
    readFileSync(join(dir, "turns", `${name}.hooks.jsonl`), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it("is a version whose 429 is described here", () => {
    expect(expected).toBeDefined();
  });

  it("reads a turn a 429 ended (StopFailure error rate_limit) as over, not working", async () => {
    const events = turn("rate-limited");
    expect(events.map((event) => event["hook_event_name"])).toEqual(["UserPromptSubmit", "StopFailure"]);
    expect(events[1]?.["error"]).toBe("rate_limit");
    const report = await activityAfter(events);
    expect(report.activity).toBe("idle");
    expect(report.detail).toContain("Request rejected (429)");
  });

  it("recognises the 429 retry line as a rate limit until its retry-after", () => {
    for (const file of ["turns/rate-limited.working.txt", "turns/rate-limited-once.working.txt"]) {
      const retrying = readFileSync(join(dir, file), "utf8");
      expect(recognizeClaudeLimit(retrying, NOW)?.words).toMatch(
        /^API error · [Rr]etrying in \d+s · attempt 1\/10$/,
      );
    }
    const retrying = readFileSync(join(dir, "turns/rate-limited.working.txt"), "utf8");
    expect(recognizeClaudeLimit(retrying, NOW)).toEqual({
      words: expected!.retrying,
      resetAt: NOW + (expected!.waitS + 1) * 1000,
    });
    const later = readFileSync(join(dir, "turns/rate-limited.retrying.txt"), "utf8");
    expect(recognizeClaudeLimit(later, NOW)?.words).toMatch(/ · attempt [2-9]\/10$/);
    const answered = readFileSync(join(dir, "turns/rate-limited-once.screen.txt"), "utf8");
    expect(recognizeClaudeLimit(answered, NOW)).toBeNull();
  });

  it("reads the retry line of a 401 as a limit only where the version does not name the 401", () => {
    const unauthorized = readFileSync(join(dir, "turns/failed-auth.retrying.txt"), "utf8");
    const limit = recognizeClaudeLimit(unauthorized, NOW);
    if (expected!.unauthorizedIsLimit) expect(limit?.words).toMatch(/^API error · Retrying in \d+s/);
    else expect(limit).toBeNull();
  });

  it("recognises the words a 429 ended the turn with as a rate limit without a printed reset", () => {
    const failure = turn("rate-limited").find((event) => event["hook_event_name"] === "StopFailure");
    const words = String(failure?.["last_assistant_message"]);
    expect(recognizeClaudeLimit(words, NOW)).toEqual({ words });
    const screen = readFileSync(join(dir, "turns/rate-limited.screen.txt"), "utf8");
    expect(recognizeClaudeLimit(screen, NOW)?.words).toBe(words);
  });
});

it("has the 429 recorded from 2.1.197 and 2.1.332", () => {
  expect(rateLimitRecordings.map((recording) => recording.version)).toEqual(["2.1.197", "2.1.332"]);
});

describe("Claude Code 2.1.197's retry line", () => {
  const retrying = readFileSync(join(recordings[0]!.dir, "turns/rate-limited.working.txt"), "utf8");

  it("names the 429 before the last attempt, and is still read as the limit", () => {
    const last = readFileSync(join(recordings[0]!.dir, "turns/rate-limited.last-attempt.txt"), "utf8");
    expect(recognizeClaudeLimit(last, NOW)).toEqual({
      words:
        "429 Number of request tokens has exceeded your per-minute rate limit · Retrying in 34s · attempt 10/10",
      resetAt: NOW + 35_000,
    });
  });

  it("is read as a duration from a minute on (its own formatting of a long retry-after)", () => {
    for (const [printed, seconds] of [
      ["1m 20s", 80],
      ["5m", 300],
      ["1m 0s", 60],
    ] as const) {
      const screen = retrying.replace(/Retrying in \d+s/, `Retrying in ${printed}`);
      expect(recognizeClaudeLimit(screen, NOW)).toEqual({
        words: `API error · Retrying in ${printed} · attempt 1/10`,
        resetAt: NOW + (seconds + 1) * 1000,
      });
    }
  });
});
