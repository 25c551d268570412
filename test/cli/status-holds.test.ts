import { describe, expect, it } from "vitest";
import {
  closeStore,
  holdOverBudget,
  openStore,
  recordAccountLimit,
  updateSession,
  writeTransaction,
} from "../../src/core/store/index.js";
import { makeCliFixture, type CliFixture } from "../core/sessions/cli-fixture.js";
import { statusChanged } from "../helpers/events.js";

/**
 * `ao status` and `ao session ls` on held sessions (issue 14): the status cell says until when, in
 * local time and from now; a note under the table gives the agent's words or the budget crossed;
 * `--json` carries the same as `hold`. The daemon writes these rows (watch-limits, watch-budgets);
 * here the store is written as it does.
 */
const WORDS = "You've hit your session limit · resets 3:30pm (Europe/London)";
const BUDGET = "$5.20 of $5.00 so far";

async function heldSessions(): Promise<{ f: CliFixture; resetAt: number }> {
  const f = makeCliFixture();
  await f.ao(["spawn", "app", "Fix the login bug"]);
  await f.ao(["spawn", "app", "Write the changelog"]);
  await f.ao(["spawn", "app", "Nothing holds this one"]);
  // Whole seconds, 150 s ahead: "in 3m" while the test runs (under 30 s).
  const resetAt = Math.ceil(Date.now() / 1000) * 1000 + 150_000;
  const store = openStore(f.ctx);
  writeTransaction(store, (tx) => {
    const agent = f.session("app-1").agent;
    recordAccountLimit(tx, {
      agent,
      account: agent,
      words: WORDS,
      resetAt,
      resetPrinted: true,
      sessionId: "app-1",
    });
    updateSession(
      tx,
      "app-1",
      { status: "rate_limited", reason: "usage_limit" },
      statusChanged("working", "rate_limited", "usage_limit"),
    );
    holdOverBudget(tx, { sessionId: "app-2", scope: "session", words: BUDGET });
    updateSession(
      tx,
      "app-2",
      { status: "over_budget", reason: "session_budget" },
      statusChanged("working", "over_budget", "session_budget"),
    );
  });
  closeStore(store);
  return { f, resetAt };
}

const localClock = (at: number) =>
  `${String(new Date(at).getHours()).padStart(2, "0")}:${String(new Date(at).getMinutes()).padStart(2, "0")}`;

describe("held sessions in ao status and ao session ls", () => {
  it.each([["status"], ["session ls"]])(
    "ao %s shows the reset in local time and from now, and the words under the table",
    async (name) => {
      const command = name.split(" ");
      const { f, resetAt } = await heldSessions();
      const { stdout, exitCode } = await f.ao(command);
      expect(exitCode).toBe(0);
      const rows = stdout.split("\n");
      expect(rows.find((row) => row.startsWith("app-1 "))).toContain(
        ` rate_limited until ${localClock(resetAt)} (in 3m) `,
      );
      expect(rows.find((row) => row.startsWith("app-2 "))).toMatch(/ over_budget +- /);
      expect(rows.find((row) => row.startsWith("app-3 "))).toMatch(/ working +- /);
      expect(rows).toContain(
        `app-1 rate_limited: ${WORDS}; resumes with one turn after ${localClock(resetAt)}`,
      );
      expect(rows).toContain(
        `app-2 over_budget: ${BUDGET}; no turns until the budget allows (ao send --over-budget gives one anyway)`,
      );
      expect(rows.filter((row) => row.startsWith("app-3"))).toHaveLength(1);
    },
  );

  it("--json carries each session's hold, null when nothing holds it", async () => {
    const { f, resetAt } = await heldSessions();
    const { sessions } = JSON.parse((await f.ao(["status", "--json"])).stdout) as {
      sessions: { id: string; hold: unknown }[];
    };
    expect(Object.fromEntries(sessions.map((s) => [s.id, s.hold]))).toEqual({
      "app-1": { gate: "rate_limit", account: "fake", words: WORDS, until: new Date(resetAt).toISOString() },
      "app-2": { gate: "budget", words: BUDGET, until: null },
      "app-3": null,
    });
  });
});
