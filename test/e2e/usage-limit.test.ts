import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFER_MS } from "../../src/core/lifecycle/settle-reaction.js";
import { runGit } from "../helpers/git-repo.js";
import { eventually, hookEvents, killDaemons } from "./e2e-fixture.js";
import {
  CONTINUE_MESSAGE,
  earlyInNextMinute,
  limitsWorld,
  minuteOf,
  type LimitsWorld,
} from "./limits-fixture.js";
import { startAo } from "./turns-fixture.js";

/**
 * Issue 14's usage-limit line, end to end: the built `ao`, its daemon started with `ao start`, real
 * tmux, git and SQLite, and the fake claude ending a turn with Claude Code 2.1.197's own limit
 * message (test/fixtures/agents/claude/limits/session-limit.txt) whose reset is two seconds ahead,
 * in the CLI's own format and zone. Claude Code prints the reset to the minute (seconds dropped), so
 * ao holds to the end of the printed minute (docs/limits-and-budgets.md); the test sets the clock
 * early in a minute so the daemon has the rest of it to see the message. Everyone's clock is the
 * test's (AO_CLOCK_FILE, docs/testing.md): ao, its daemon, the hook recorder and the fake claude
 * read the same file, and the test moves it past the reset instead of waiting for the minute's end.
 */
const ZONE = "Asia/Kolkata"; // +05:30: a zone of its own, not the machine's
const WORDS = /^You've hit your session limit · resets \d{1,2}(:\d{2})?[ap]m \(Asia\/(Kolkata|Calcutta)\)$/;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const daemons: number[] = [];
afterEach(() => killDaemons(daemons));

/** The agent's own commit in its worktree: local-mode CI (`false`) fails on it. */
function agentCommits(world: LimitsWorld): void {
  const worktree = world.worktree("app-1");
  writeFileSync(join(worktree, "login.test.js"), "// a test for the login check\n");
  runGit(worktree, ["add", "login.test.js"]);
  runGit(worktree, ["commit", "-q", "-m", "test: the login check"]);
}

/** How many times the fake claude was given `text` (its UserPromptSubmit hook records each). */
function prompted(world: LimitsWorld, text: string): number {
  return hookEvents(world.worktree("app-1")).filter(
    (event) => event["hook_event_name"] === "UserPromptSubmit" && event["prompt"] === text,
  ).length;
}

describe("an agent at its usage limit, through the built ao and its daemon (issue 14)", () => {
  it(
    "goes rate_limited with the reset and the words; a reaction due meanwhile is held unspent; one continue turn after the reset; a queued spawn starts only after it",
    { timeout: 120_000 },
    async () => {
      const world = limitsWorld("claude-code", ZONE);
      world.nextTurn({ reply: "Looked at the login check." });
      const spawned = world.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      daemons.push(world.startDaemon());
      await eventually(
        () =>
          hookEvents(world.worktree("app-1")).some((e) => e["hook_event_name"] === "Stop") ? true : undefined,
        "the spawn prompt's turn to end",
      );

      // The next turn meets the limit: Claude Code's words, the reset two seconds ahead.
      world.advanceClockTo(earlyInNextMinute(world.now()));
      world.nextTurn({ limit: { resetInSeconds: 2 } });
      const sent = world.ao(["send", "app-1", "Now add a test for it"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      const limited = await eventually(() => {
        const view = world.view("app-1");
        return view?.status === "rate_limited" ? view : undefined;
      }, "app-1 to be rate_limited");
      const failed = world.turns("app-1").find((turn) => turn.status === "failed");
      expect(failed?.error).toMatch(WORDS);
      const until = minuteOf(Date.parse(failed?.endedAt ?? "")) + 60_000;
      // At once, while limited (under a minute): the agent commits (local CI fails on it, and the
      // ci-failed reaction falls due), and a spawn of the same agent is queued.
      world.nextTurn({ reply: "Carried on after the reset." });
      agentCommits(world);
      expect(world.now(), "the test reached the queued spawn after the reset").toBeLessThan(until);
      const queued = startAo(world, ["spawn", "--queue", "app", "Write the changelog entry"]);

      expect(limited).toMatchObject({ reason: "usage_limit" });
      expect(limited.hold).toEqual({
        gate: "rate_limit",
        account: "claude-code",
        words: failed?.error,
        until: new Date(until).toISOString(),
      });
      expect(world.events("limit.hit").map((event) => event.payload)).toEqual([
        {
          agent: "claude-code",
          account: "claude-code",
          words: failed?.error,
          resetAt: until,
          resetPrinted: true,
        },
      ]);
      const table = world.ao(["status"]).stdout;
      expect(table).toMatch(/rate_limited until \d{2}:\d{2} \(in \d+s\)/);
      expect(table).toContain(`app-1 rate_limited: ${failed?.error}; resumes with one turn after`);
      expect(world.ao(["session", "ls"]).stdout).toMatch(/rate_limited until \d{2}:\d{2} \(in \d+s\)/);

      // The ci-failed reaction due meanwhile is held, not spent.
      const [held] = await eventually(() => {
        const found = world.events("reaction.held");
        return found.length > 0 ? found : undefined;
      }, "the ci-failed reaction to be held");
      expect(held?.payload).toMatchObject({ reaction: "ci-failed", gate: "rate_limit", dueAt: until });
      const reactionId = held?.payload["reactionId"];

      // The reset comes (the clock moves past it); the queued spawn waited for it and says so; the
      // daemon resumes app-1 after it.
      expect(world.events("limit.resumed"), "no resume before the reset").toEqual([]);
      world.advanceClockTo(until + 1_000);
      const resumed = await eventually(() => {
        const found = world.events("limit.resumed");
        return found.length > 0 ? found : undefined;
      }, "the daemon to resume after the reset");
      expect(resumed[0]?.createdAt).toBeGreaterThanOrEqual(until);
      const second = await queued.done;
      expect(second.exitCode, second.stderr).toBe(0);
      expect(second.stdout.trim()).toBe("app-2");
      expect(second.stderr).toContain(`held until ${new Date(until).toISOString()}: ${failed?.error}`);
      expect(second.stderr).toContain("waiting for the reset");
      expect(Date.parse(world.view("app-2")?.createdAt ?? "")).toBeGreaterThanOrEqual(until);

      // After the reset: the continue turn, then the held reaction with its first attempt. An attempt
      // made while the continue turn is open queues the reaction's turn and defers the reaction for
      // DEFER_MS (docs/lifecycle.md): the test moves the clock past that instead of waiting for it.
      const delivered = await eventually(() => {
        const ofHeld = (type: string) =>
          world.events(type).filter((e) => e.payload["reactionId"] === reactionId);
        const found = ofHeld("reaction.delivered");
        if (found.length > 0) return found;
        const deferred = ofHeld("reaction.deferred").at(-1);
        if (deferred !== undefined && world.now() < deferred.createdAt + DEFER_MS)
          world.advanceClockTo(deferred.createdAt + DEFER_MS);
        return undefined;
      }, "the held reaction to be delivered");
      expect(delivered[0]?.payload).toMatchObject({ reaction: "ci-failed", attempt: 1 });
      expect(world.events("reaction.failed")).toEqual([]);
      const continued = world
        .turns("app-1")
        .filter((turn) => turn.message.sha256 === sha256(CONTINUE_MESSAGE));
      expect(continued).toHaveLength(1);
      expect(continued[0]).toMatchObject({ origin: "reaction" });
      expect(resumed.map((event) => event.payload)).toEqual([
        {
          agent: "claude-code",
          account: "claude-code",
          resumeAt: expect.any(Number) as unknown,
          turns: [{ sessionId: "app-1", turnId: continued[0]?.id }],
          skipped: [],
        },
      ]);
      await eventually(
        () => (prompted(world, CONTINUE_MESSAGE) === 1 ? true : undefined),
        "the continue turn",
      );
      await eventually(
        () => (world.view("app-1")?.status !== "rate_limited" ? true : undefined),
        "app-1 to leave rate_limited",
      );
      expect(world.view("app-1")?.hold).toBeNull();

      // Cycles later, still one of each.
      const since = world.now();
      await eventually(
        () => ((world.lastCycleAt() ?? 0) > since + 2_000 ? true : undefined),
        "cycles after the resume",
      );
      expect(world.events("limit.resumed")).toHaveLength(1);
      expect(prompted(world, CONTINUE_MESSAGE)).toBe(1);
      expect(world.ao(["stop"]).exitCode).toBe(0);
    },
  );
});
