import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import {
  claimNextTurn,
  endTurn,
  getAccountLimit,
  insertTurn,
  listEvents,
  markTurnDelivered,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { recognizeClaudeLimit } from "../../../src/plugins/agent/claude-code/limits.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { FakeAgent } from "../../fakes/agent.js";
import { makeLifecycleFixture, type LifecycleFixture } from "./lifecycle-fixture.js";

/** Claude Code 2.1.197's own words (recorded): "… · resets 3:30pm (Europe/London)". */
const LIMIT_SCREEN = readFileSync(
  new URL("../../fixtures/agents/claude/limits/session-limit.txt", import.meta.url),
  "utf8",
).trim();
/**
 * Claude Code retrying a 429 (`retry-after: 20`, recorded 8 s in), its words, and its screen once the
 * retry answered: 2.1.197 in claude/turns/, 2.1.332 in claude/2.1.332/turns/.
 */
const RETRYING_429_BY_VERSION = [
  {
    version: "2.1.197",
    folder: "claude/turns",
    words: "API error · Retrying in 16s · attempt 1/10",
    waitS: 16,
  },
  {
    version: "2.1.332",
    folder: "claude/2.1.332/turns",
    words: "API error · retrying in 20s · attempt 1/10",
    waitS: 20,
  },
].map((recorded) => ({
  ...recorded,
  retrying: readFileSync(
    new URL(`../../fixtures/agents/${recorded.folder}/rate-limited-once.working.txt`, import.meta.url),
    "utf8",
  ),
  afterRetry: readFileSync(
    new URL(`../../fixtures/agents/${recorded.folder}/rate-limited-once.screen.txt`, import.meta.url),
    "utf8",
  ),
}));
/** 2.1.332's, which the test of a 429 retried every time rewrites attempt by attempt. */
const RETRYING_429 = RETRYING_429_BY_VERSION.find((recorded) => recorded.version === "2.1.332")!.retrying;
/** Claude Code 2.1.197 retrying a 401 (recorded 43 s in): its retry line is a 429's, unnamed. */
const RETRYING_401_2_1_197 = readFileSync(
  new URL("../../fixtures/agents/claude/turns/failed-auth.retrying.txt", import.meta.url),
  "utf8",
);
const GAVE_UP_401_2_1_197 = readFileSync(
  new URL("../../fixtures/agents/claude/turns/failed-auth.screen.txt", import.meta.url),
  "utf8",
);
/** What ao keeps of it: the line without the TUI's bullet. */
const WORDS = LIMIT_SCREEN.replace(/^● /, "");
/** Two seconds before the printed reset: London is on UTC in November. */
const BEFORE_RESET = Date.parse("2026-11-30T15:29:58Z");
/** The end of the printed minute: Claude Code drops the seconds of the reset it prints. */
const RESET = Date.parse("2026-11-30T15:31:00Z");
const LINT_FAILS = { state: "failing" as const, failing: [{ name: "lint", logTail: "error: x is unused" }] };

/** The fake agent, reading limits as Claude Code prints them (the claude-code plugin's recognizer). */
class LimitedFakeAgent extends FakeAgent {
  recognizeLimit = recognizeClaudeLimit;
}

function limitedFixture(): LifecycleFixture {
  const f = makeLifecycleFixture({ agent: new LimitedFakeAgent() });
  f.clock.set(BEFORE_RESET);
  return f;
}

/** The fixture's context with the real worktree workspace, so `spawnSession` can make one. */
function spawnContext(f: LifecycleFixture): LifecycleFixture["ctx"] {
  const workspace = { worktree: builtinCatalog.workspace["worktree"]! };
  return { ...f.ctx, catalog: { ...f.ctx.catalog, workspace } };
}

function showLimit(f: LifecycleFixture, sessionId: string): void {
  f.runtime.print(f.runtime.processOf(sessionId)!.handle, LIMIT_SCREEN);
}

describe("an agent at its usage limit (issue 14)", () => {
  it("goes rate_limited with the reset and the words; a reaction due meanwhile keeps its attempt; one continue turn after", async () => {
    const f = limitedFixture();
    const session = await f.addSession({ withPr: true });
    showLimit(f, session.id);
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle();
    expect(f.session(session.id)).toMatchObject({ status: "rate_limited", reason: "usage_limit" });
    const store = (await f.engine()).store;
    expect(getAccountLimit(store, "fake")).toMatchObject({
      resetAt: RESET,
      words: WORDS,
      resetPrinted: true,
    });
    expect(listEvents(store, { type: "limit.hit" }).map((event) => event.payload)).toEqual([
      { agent: "fake", account: "fake", words: WORDS, resetAt: RESET, resetPrinted: true },
    ]);
    expect(f.turns(session.id)).toEqual([]);
    expect(f.reactions(session.id)).toMatchObject([{ status: "pending", attempts: 0 }]);
    await f.cycle();
    expect(f.turns(session.id)).toEqual([]);

    f.clock.advance(RESET - BEFORE_RESET + 1_000);
    await f.cycle();
    const [continued, reactionTurn] = f.turns(session.id);
    expect(continued).toMatchObject({ origin: "reaction", reactionId: null, status: "running" });
    expect(f.transcript(session.id)).toEqual(["continue"]);
    expect(listEvents(store, { type: "limit.resumed" }).map((event) => event.payload)).toEqual([
      {
        agent: "fake",
        account: "fake",
        resumeAt: expect.any(Number) as unknown,
        turns: [{ sessionId: session.id, turnId: continued?.id }],
        skipped: [],
      },
    ]);
    // The held reaction was not spent: it now has its turn, waiting behind the continue turn.
    expect(reactionTurn).toMatchObject({ reactionId: 1, status: "queued" });
    f.clock.advance(60_000);
    await f.cycle();
    await f.cycle();
    expect(f.transcript(session.id).filter((text) => text === "continue")).toHaveLength(1);
    expect(listEvents(store, { type: "limit.resumed" })).toHaveLength(1);
  });

  it("holds a spawn of the same agent until the reset, saying why and until when, then starts it", async () => {
    const f = limitedFixture();
    const first = await spawnSession(spawnContext(f), { project: "app", issue: "7" });
    f.agent.setActivity(first.id, { activity: "working" });
    showLimit(f, first.id);
    await f.cycle();
    expect(f.session(first.id).status).toBe("rate_limited");
    const refused = await spawnSession(spawnContext(f), { project: "app", issue: "8" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({
      code: "E_RATE_LIMITED",
      details: { gate: "rate_limit", until: RESET, words: WORDS },
    });
    expect((refused as Error).message).toContain(new Date(RESET).toISOString());
    expect((refused as { hint: string }).hint).toContain("--queue");

    const waited: number[] = [];
    const sleep = (ms: number) => {
      waited.push(ms);
      f.clock.advance(ms);
      return Promise.resolve();
    };
    const spawned = await spawnSession(
      spawnContext(f),
      { project: "app", issue: "8", queue: true },
      { sleep },
    );
    expect(spawned.status).toBe("working");
    expect(f.clock.now()).toBeGreaterThanOrEqual(RESET);
    expect(waited.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(RESET - BEFORE_RESET + 2_000);
    expect(f.ctx.stderr.text()).toContain("waiting for the reset");
  });

  it("keeps one limit per account: two sessions of the same account seeing it make one limit.hit; the reset resumes them one spacing apart", async () => {
    const f = limitedFixture();
    const first = await f.addSession();
    const second = await f.addSession();
    showLimit(f, first.id);
    showLimit(f, second.id);
    await f.cycle();
    await f.cycle();
    const store = (await f.engine()).store;
    expect(listEvents(store, { type: "limit.hit" })).toHaveLength(1);
    expect(f.session(first.id).status).toBe("rate_limited");
    expect(f.session(second.id).status).toBe("rate_limited");
    f.clock.advance(RESET - BEFORE_RESET + 1_000);
    await f.cycle();
    expect(f.transcript(first.id)).toEqual(["continue"]);
    expect(f.transcript(second.id), "the second waits for its slot").toEqual([]);
    expect(f.session(second.id).status).toBe("rate_limited");
    f.clock.advance(5_000);
    await f.cycle();
    expect(f.transcript(second.id)).toEqual(["continue"]);
    await f.cycle();
    expect(f.transcript(first.id)).toEqual(["continue"]);
    const resumed = listEvents(store, { type: "limit.resumed" });
    expect(resumed.map((event) => event.sessionId)).toEqual([first.id, second.id]);
    expect(resumed[1]!.createdAt - resumed[0]!.createdAt).toBe(5_000);
  });

  it.each(RETRYING_429_BY_VERSION)(
    "goes rate_limited while Claude Code $version retries a 429, holds the reaction, and gives one continue turn after the retry-after",
    async ({ retrying, afterRetry, words, waitS }) => {
      const f = limitedFixture();
      const session = await f.addSession({ withPr: true });
      f.agent.setActivity(session.id, { activity: "working" });
      f.runtime.print(f.runtime.processOf(session.id)!.handle, retrying);
      f.scm.setCi(1, LINT_FAILS);
      await f.cycle();
      expect(f.session(session.id)).toMatchObject({ status: "rate_limited", reason: "usage_limit" });
      const store = (await f.engine()).store;
      expect(getAccountLimit(store, "fake")).toMatchObject({
        words,
        resetAt: BEFORE_RESET + (waitS + 1) * 1000,
        resetPrinted: true,
      });
      expect(f.reactions(session.id)).toMatchObject([{ status: "pending", attempts: 0 }]);
      await f.cycle();
      expect(f.turns(session.id)).toEqual([]);

      // The retry answered: Claude Code's turn is over and the retry line is gone from the screen.
      f.clock.advance(22_000);
      f.runtime.print(f.runtime.processOf(session.id)!.handle, afterRetry);
      f.agent.setActivity(session.id, { activity: "idle" });
      await f.cycle();
      const [continued, reactionTurn] = f.turns(session.id);
      expect(continued).toMatchObject({ origin: "reaction", reactionId: null });
      expect(reactionTurn).toMatchObject({ reactionId: 1 });
      for (let cycle = 0; cycle < 3; cycle++) {
        f.clock.advance(30_000);
        await f.cycle();
      }
      expect(f.transcript(session.id).filter((text) => text === "continue")).toHaveLength(1);
      expect(listEvents(store, { type: "limit.hit" })).toHaveLength(1);
      expect(listEvents(store, { type: "limit.resumed" })).toHaveLength(1);
    },
  );

  it("counts a 429 that Claude Code retries every time as one limit: one limit.hit, one notification, the hold following each retry", async () => {
    const f = limitedFixture();
    const session = await f.addSession({ withPr: true });
    f.agent.setActivity(session.id, { activity: "working" });
    const handle = f.runtime.processOf(session.id)!.handle;
    const store = (await f.engine()).store;
    // Each attempt's wait runs out before the next attempt is seen, as with the recorded 429 every time.
    for (const [attempt, seconds] of [
      [1, 20],
      [2, 40],
      [3, 80],
    ] as const) {
      f.runtime.print(
        handle,
        RETRYING_429.replace(
          /retrying in \d+s · attempt 1\/10/,
          `retrying in ${seconds}s · attempt ${attempt}/10`,
        ),
      );
      await f.cycle();
      expect(f.session(session.id)).toMatchObject({ status: "rate_limited" });
      expect(getAccountLimit(store, "fake")).toMatchObject({ resetAt: f.clock.now() + (seconds + 1) * 1000 });
      f.clock.advance((seconds + 2) * 1000);
    }
    // Claude Code gives up: the refusal has no time, so ao waits its fallback, still the same limit.
    f.runtime.print(handle, "● API Error: Request rejected (429) · rate limited\n");
    f.agent.setActivity(session.id, { activity: "idle" });
    await f.cycle();
    expect(getAccountLimit(store, "fake")).toMatchObject({
      words: "API Error: Request rejected (429) · rate limited",
    });
    expect(listEvents(store, { type: "limit.hit" })).toHaveLength(1);
    expect(f.notifier.sent.filter((sent) => sent.title.includes("usage limit"))).toHaveLength(1);
    expect(f.turns(session.id)).toEqual([]);
  });

  it("gives no continue turn to a session whose turn then failed for another reason: 2.1.197 retries a 401 with a 429's line", async () => {
    const f = limitedFixture();
    const session = await f.addSession();
    const handle = f.runtime.processOf(session.id)!.handle;
    f.agent.setActivity(session.id, { activity: "working" });
    f.runtime.print(handle, RETRYING_401_2_1_197);
    await f.cycle();
    expect(f.session(session.id)).toMatchObject({ status: "rate_limited" });
    const store = (await f.engine()).store;

    // Claude Code gives up with the 401's words, which are no limit: the hold was not a limit at all.
    failTurn(store, session.id, "Invalid API key · Fix external API key");
    f.runtime.print(handle, GAVE_UP_401_2_1_197);
    f.agent.setActivity(session.id, { activity: "idle" });
    for (let cycle = 0; cycle < 3; cycle++) {
      f.clock.advance(60_000);
      await f.cycle();
    }
    expect(f.transcript(session.id)).toEqual([]);
    expect(listEvents(store, { type: "limit.resumed" }).map((event) => event.payload.skipped)).toEqual([
      [{ sessionId: session.id, reason: expect.stringContaining("Invalid API key") as unknown }],
    ]);
    expect(f.session(session.id).status).not.toBe("rate_limited");
    expect(listEvents(store, { type: "limit.hit" })).toHaveLength(1);
    const lifted = f.notifier.sent.find((sent) => sent.title.includes("usage limit lifted"));
    expect(lifted?.body).toContain(
      `No continue turn for ${session.id}: its turn failed for another reason: Invalid API key`,
    );
  });
});

/** A turn of the session that the agent took and then failed with `error` (as its StopFailure says). */
function failTurn(store: Store, sessionId: string, error: string): void {
  writeTransaction(store, (tx) => {
    const { turn } = insertTurn(tx, { sessionId, origin: "cli", text: "go on", sha256: "0".repeat(64) });
    const token = "test-claim";
    claimNextTurn(tx, sessionId, { pid: process.pid, host: "test", token });
    markTurnDelivered(tx, turn.id, { token, attempts: 1, confirmed: true });
    endTurn(tx, turn.id, { status: "failed", error });
  });
}
