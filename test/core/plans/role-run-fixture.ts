import { parseProposal } from "../../../src/core/plans/parse-proposal.js";
import { proposePlan } from "../../../src/core/plans/propose-plan.js";
import { insertSession, recordUsage, writeTransaction, type Store } from "../../../src/core/store/index.js";
import { sessionCreated } from "../../helpers/events.js";
import { diamondProposal } from "./plan-fixture.js";

export const MINUTE = 60_000;

/**
 * A → B → C → D (three quick hops, D declares a ref) beside E → F (F of the slow role); both end in
 * the synthesis: the longest path by time is not the one with the most tickets.
 */
export function longAndSlowProposal(): ReturnType<typeof parseProposal> {
  return parseProposal({
    ...diamondProposal(),
    roles: { quick: { kind: "existing", agent: "a" }, slow: { kind: "existing", agent: "a" } },
    tickets: [
      { id: "A", title: "a", body: "a", role: "quick" },
      { id: "B", title: "b", body: "b", role: "quick", dependsOn: ["A"] },
      { id: "C", title: "c", body: "c", role: "quick", dependsOn: ["B"] },
      { id: "D", title: "d", body: "d", role: "quick", dependsOn: ["C"], refs: ["src/d.ts"] },
      { id: "E", title: "e", body: "e", role: "quick" },
      { id: "F", title: "f", body: "f", role: "slow", dependsOn: ["E"] },
    ],
    synthesis: { role: "quick", body: "sum up" },
  });
}

/** A finished run: the role its plan step had, how long its session lasted, what it cost. */
export interface RecordedRun {
  readonly id: string;
  readonly role: string;
  readonly minutes: number;
  readonly usd: number | null;
}

/**
 * Records completed runs the way execution leaves them, in one earlier plan of `project`: per run a
 * session that lasted `minutes` (created → ended), a `done` ticket row of `role` in that session,
 * and the usage cost tracking recorded for it (plugin names as the sessions record them). Answers
 * the earlier plan's id.
 */
export function recordRoleRuns(
  store: Store,
  project: string,
  runs: readonly RecordedRun[],
  plugins: { runtime: string; agent: string } = { runtime: "r", agent: "a" },
): string {
  const plan = proposePlan(store, { project, proposal: parseProposal(diamondProposal()), author: "person" });
  writeTransaction(store, (tx) => {
    for (const [position, run] of runs.entries()) {
      const session = {
        ...{ id: run.id, project, branch: `b-${run.id}`, worktree: `/w/${run.id}` },
        ...{ ...plugins, status: "working" as const },
      };
      const started = insertSession(tx, session, sessionCreated({ agent: plugins.agent })).createdAt;
      const ended = started + run.minutes * MINUTE;
      tx.db.prepare("UPDATE sessions SET ended_at = ?, status = 'merged' WHERE id = ?").run(ended, run.id);
      tx.db
        .prepare(
          `INSERT INTO plan_tickets (plan_id, ticket_id, kind, position, status, session_id, role, started_at, ended_at)
           VALUES (?, ?, 'ticket', ?, 'done', ?, ?, ?, ?)`,
        )
        .run(plan.plan.id, `T${position}`, position, run.id, run.role, started, ended);
      const tokens = { input: 10, output: 10, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 };
      recordUsage(tx, { sessionId: run.id, project, agent: plugins.agent, cursor: "c" }, "test", [
        { key: `${run.id}-1`, at: started + 1, model: "m", tokens, usd: run.usd },
      ]);
    }
  });
  return plan.plan.id;
}
