import { describe, expect, it } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { closeStore, openStore } from "../../src/core/store/index.js";
import { statement } from "../../src/core/store/store.js";
import { agentStarts, eventually, hookEvents, makeE2e, type E2e } from "./e2e-fixture.js";
import { turnsWorld } from "./turns-fixture.js";

/**
 * Cost end to end (issue 14): the built `ao`, real tmux and SQLite, and the fake claude writing
 * `message.usage`, `message.model` and a `requestId` in its transcript the way Claude Code 2.1.197
 * does (test/fixtures/agents/claude/turns/completed.transcript.jsonl). `ao cost` reads the
 * transcript and stores a record per API response; its sums must be the per-turn records', and
 * `ao status --json` must carry them. An agent that records nothing (aider) is unknown, never 0.
 */
interface Spend {
  usd: number | null;
  tokens: number | null;
  unpricedTokens: number;
  turns: number;
  unknownTurns: number;
}

const FIRST = {
  input: 1200,
  output: 340,
  cacheRead: 5000,
  cacheWrite: 800,
  cacheWrite1h: 200,
  model: "claude-sonnet-4-5",
};
const SECOND = {
  input: 64,
  output: 2100,
  cacheRead: 9000,
  cacheWrite: 0,
  cacheWrite1h: 0,
  model: "claude-opus-4-8",
};
/** The fake's own usage for a turn the turns file says nothing about (the spawn prompt's). */
const SPAWN = { input: 10, output: 5 };

const tokensOf = (u: { input: number; output: number; cacheRead?: number; cacheWrite?: number }) =>
  u.input + u.output + (u.cacheRead ?? 0) + (u.cacheWrite ?? 0);

/** USD at Anthropic's list prices (sonnet 4.5: 3/15/0.3/3.75/6 per Mtok, opus 4.8: 5/25/0.5/6.25/10). */
const EXPECTED_USD =
  (1200 * 3 + 340 * 15 + 5000 * 0.3 + 600 * 3.75 + 200 * 6) / 1e6 +
  (64 * 5 + 2100 * 25 + 9000 * 0.5) / 1e6 +
  (10 * 5 + 5 * 25) / 1e6;

interface RecordSum {
  turn: number | null;
  tokens: number;
  usd: number | null;
  records: number;
}

/** The store's usage records of a session, summed per turn (null: outside every turn). */
function perTurnRecords(e2e: E2e, sessionId: string): RecordSum[] {
  const store = openStore({ paths: aoPaths(e2e.home), clock: { now: () => Date.now() } });
  try {
    return statement(
      store,
      `SELECT turn_id AS turn, COUNT(*) AS records, SUM(usd) AS usd,
         SUM(input_tokens + output_tokens + cache_read_tokens + cache_write_tokens) AS tokens
       FROM usage_records WHERE session_id = ? GROUP BY turn_id ORDER BY turn_id`,
    ).all([sessionId]) as unknown as RecordSum[];
  } finally {
    closeStore(store);
  }
}

/**
 * The spawn prompt's own work ended (its Stop hook ran): a message sent earlier is claimed while
 * that work still runs, and the work's usage then falls in the new turn's time.
 */
async function spawnTurnEnded(e2e: E2e): Promise<void> {
  const stopped = () =>
    hookEvents(e2e.worktree("app-1")).some((event) => event["hook_event_name"] === "Stop");
  await eventually(() => (stopped() ? true : undefined), "the spawn prompt's turn to end");
}

/** Every usage record summed by `key` (a SQL expression over usage_records u and usage_cursors c). */
function recordsBy(e2e: E2e, key: string): { key: string; tokens: number; usd: number | null }[] {
  const store = openStore({ paths: aoPaths(e2e.home), clock: { now: () => Date.now() } });
  try {
    return statement(
      store,
      `SELECT ${key} AS key, SUM(u.usd) AS usd,
         SUM(u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens) AS tokens
       FROM usage_records u JOIN usage_cursors c ON c.session_id = u.session_id GROUP BY key ORDER BY key`,
    ).all([]) as unknown as { key: string; tokens: number; usd: number | null }[];
  } finally {
    closeStore(store);
  }
}

/** `ao cost --by <by> --json`'s groups that spent anything equal the records summed the same way. */
function expectGroupsMatchRecords(e2e: E2e, by: string, key: string): void {
  const report = aoJson<{ groups: (Spend & { key: string })[] }>(e2e, ["cost", "--by", by]);
  const spent = report.groups.filter((group) => group.tokens !== null);
  const records = recordsBy(e2e, key);
  expect(spent.map((group) => [group.key, group.tokens])).toEqual(
    records.map((row) => [row.key, row.tokens]),
  );
  for (const [index, group] of spent.entries()) expect(group.usd).toBeCloseTo(records[index]?.usd ?? NaN, 12);
}

function aoJson<T>(e2e: E2e, args: string[]): T {
  const run = e2e.ao([...args, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

describe("cost of a claude-code session, from its transcript", () => {
  it(
    "ao cost --json sums the per-turn records; ao status --json carries the session's usd and tokens",
    { timeout: 180_000 },
    async () => {
      const e2e = turnsWorld("claude-code");
      await spawnTurnEnded(e2e);
      e2e.nextTurn({ reply: "Fixed the clock.", workMs: 300, usage: FIRST });
      expect(e2e.ao(["send", "app-1", "--wait", "fix it"]).exitCode).toBe(0);
      e2e.nextTurn({ reply: "Tests added.", workMs: 300, usage: SECOND });
      expect(e2e.ao(["send", "app-1", "--wait", "add a test"]).exitCode).toBe(0);

      const report = aoJson<{ total: Spend; groups: (Spend & { key: string })[] }>(e2e, ["cost"]);
      const records = perTurnRecords(e2e, "app-1");
      const inTurns = records.filter((sum) => sum.turn !== null);
      // The task's usage belongs to its own turn (t-1, origin spawn) since every spawn records one.
      expect(inTurns.map((sum) => [sum.tokens, sum.records])).toEqual([
        [tokensOf(SPAWN), 1],
        [tokensOf(FIRST), 1],
        [tokensOf(SECOND), 1],
      ]);
      const recordedTokens = records.reduce((sum, row) => sum + row.tokens, 0);
      const recordedUsd = records.reduce((sum, row) => sum + (row.usd ?? 0), 0);
      expect(recordedTokens).toBe(tokensOf(FIRST) + tokensOf(SECOND) + tokensOf(SPAWN));
      expect(report.total.tokens).toBe(recordedTokens);
      expect(report.total.usd).toBeCloseTo(recordedUsd, 12);
      expect(report.total.usd).toBeCloseTo(EXPECTED_USD, 12);
      expect(report.total).toMatchObject({ unpricedTokens: 0, unknownTurns: 0 });
      expect(report.groups).toEqual([{ key: "app-1", ...report.total }]);
      expectGroupsMatchRecords(e2e, "project", "c.project");
      expectGroupsMatchRecords(e2e, "day", "strftime('%Y-%m-%d', u.at / 1000, 'unixepoch')");
      expectGroupsMatchRecords(e2e, "agent", "c.agent");

      const status = aoJson<{ sessions: { id: string; cost: Spend & { recorded: boolean } }[] }>(e2e, [
        "status",
      ]);
      const cost = status.sessions.find((session) => session.id === "app-1")?.cost;
      expect(cost).toMatchObject({ recorded: true, tokens: recordedTokens, unpricedTokens: 0 });
      expect(cost?.usd).toBeCloseTo(recordedUsd, 12);
    },
  );

  it(
    "an aider session's cost is unknown (null), never 0, beside a claude session's",
    { timeout: 180_000 },
    async () => {
      const e2e = turnsWorld("claude-code");
      await spawnTurnEnded(e2e);
      const aider = e2e.ao(["spawn", "app", "--agent", "aider", "Rename the module"]);
      expect(aider.exitCode, aider.stderr).toBe(0);
      const report = aoJson<{ groups: (Spend & { key: string })[] }>(e2e, ["cost", "--by", "session"]);
      expect(report.groups.find((group) => group.key === "app-2")).toMatchObject({ usd: null, tokens: null });
      expect(report.groups.find((group) => group.key === "app-1")?.tokens).toEqual(expect.any(Number));
      const status = aoJson<{ sessions: { id: string; cost: Spend & { recorded: boolean } }[] }>(e2e, [
        "status",
      ]);
      expect(status.sessions.find((session) => session.id === "app-2")?.cost).toMatchObject({
        recorded: false,
        usd: null,
        tokens: null,
      });
    },
  );

  it(
    "a command session is unknown (null) even when the CLI it runs keeps records of its own",
    { timeout: 180_000 },
    async () => {
      // The fake codex writes rollout token counts; run as agent/command, ao must not read them.
      const e2e = makeE2e();
      e2e.writeConfig(
        [
          "agent:",
          "  plugin: command",
          '  argv: [codex, "Read {promptFile} and do it"]',
          '  workingPattern: "Working \\\\("',
          '  idlePattern: "for shortcuts"',
        ].join("\n"),
      );
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      await eventually(() => agentStarts(e2e)[0], "the agent to start");
      const sent = e2e.ao(["send", "app-1", "--no-wait", "run the tests"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      const report = aoJson<{ total: Spend; groups: (Spend & { key: string })[] }>(e2e, ["cost"]);
      expect(report.total).toMatchObject({ usd: null, tokens: null, unpricedTokens: 0 });
      expect(report.total.turns).toBeGreaterThan(0);
      expect(report.total.unknownTurns).toBe(report.total.turns);
      const status = aoJson<{ sessions: { id: string; cost: Spend & { recorded: boolean } }[] }>(e2e, [
        "status",
      ]);
      expect(status.sessions[0]?.cost).toMatchObject({ recorded: false, usd: null, tokens: null });
    },
  );
});

interface Gap {
  sessionId: string;
  project: string;
  agent: string;
  scope: string;
  why: string;
}

describe("a budget ao cannot enforce is said, not pretended", () => {
  it(
    "an aider session under a budget: doctor warns, status and cost mark it; a claude session's is enforced",
    { timeout: 180_000 },
    () => {
      const e2e = makeE2e();
      e2e.writeConfig("agent: aider\nbudget: { session: { maxCostUsd: 1, per: session } }");
      expect(e2e.ao(["spawn", "app", "Rename the module"]).exitCode).toBe(0);
      const claude = e2e.ao(["spawn", "app", "--agent", "claude-code", "Fix the clock"]);
      expect(claude.exitCode, claude.stderr).toBe(0);
      const why =
        "budget.session.maxCostUsd: the agent aider records no usage, so its cost and tokens are unknown";

      const doctor = e2e.ao(["doctor", "--json"]);
      const checks = (
        JSON.parse(doctor.stdout) as { checks: { id: string; status: string; detail: string }[] }
      ).checks;
      const budget = checks.find((check) => check.id === "budget:app");
      expect(budget?.status).toBe("warn");
      expect(budget?.detail).toContain(`new sessions: ${why}`);
      expect(budget?.detail).toContain(`app-1 (aider): budget not enforceable: ${why}`);
      expect(budget?.detail).not.toContain("app-2");

      const status = aoJson<{
        sessions: { id: string; unenforcedBudgets: { scope: string; why: string }[] }[];
      }>(e2e, ["status"]);
      const gapsOf = (id: string) => status.sessions.find((session) => session.id === id)?.unenforcedBudgets;
      expect(gapsOf("app-1")).toEqual([{ scope: "session", why }]);
      expect(gapsOf("app-2")).toEqual([]);
      const table = e2e.ao(["status"]);
      expect(table.stdout).toMatch(/app-1 .*unknown, budget not enforced/);
      expect(table.stdout).not.toMatch(/app-2 .*budget not enforced/);
      expect(table.stdout).toContain(`app-1 (aider): budget not enforceable: ${why}`);

      const report = aoJson<{ unenforcedBudgets: Gap[] }>(e2e, ["cost"]);
      expect(report.unenforcedBudgets).toEqual([
        { sessionId: "app-1", project: "app", agent: "aider", scope: "session", why },
      ]);
      expect(e2e.ao(["cost"]).stdout).toContain(`app-1 (aider): budget not enforceable: ${why}`);
    },
  );

  it(
    "with a claude-code project and no aider session, doctor says the budget is enforced",
    { timeout: 120_000 },
    () => {
      const e2e = makeE2e();
      e2e.writeConfig("agent: claude-code\nbudget: { project: { maxTokens: 1000000, per: day } }");
      const doctor = e2e.ao(["doctor", "--json"]);
      const checks = (
        JSON.parse(doctor.stdout) as { checks: { id: string; status: string; detail: string }[] }
      ).checks;
      expect(checks.find((check) => check.id === "budget:app")).toMatchObject({
        status: "ok",
        detail: "enforced: agent claude-code records usage",
      });
    },
  );
});
