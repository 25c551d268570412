import { describe, expect, it } from "vitest";
import { isAoError, type AoError } from "../../../src/core/errors.js";
import {
  heldRevision,
  flushHeldRevisions,
  submitAgentRevision,
} from "../../../src/core/plans/held-revisions.js";
import { parsePlanEdit } from "../../../src/core/plans/plan-edit.js";
import { parseProposal } from "../../../src/core/plans/parse-proposal.js";
import { getPlan } from "../../../src/core/plans/plan-store.js";
import { proposePlan } from "../../../src/core/plans/propose-plan.js";
import { getRevision, listRevisions } from "../../../src/core/plans/revision-store.js";
import { editPlan, recordApproval, rewindPlan } from "../../../src/core/plans/revise-plan.js";
import { writeTransaction, type Store } from "../../../src/core/store/store.js";
import { listEvents } from "../../../src/core/store/events.js";
import { openTestStore } from "../store/store-fixture.js";
import { diamondProposal } from "./plan-fixture.js";

function errorOf(fn: () => unknown): AoError {
  try {
    fn();
  } catch (error) {
    if (isAoError(error)) return error;
    throw error;
  }
  throw new Error("expected an AoError");
}

function propose(store: Store, author = "person") {
  return proposePlan(store, { project: "app", proposal: parseProposal(diamondProposal()), author }).plan;
}

const retitle = (title: string) => parsePlanEdit({ tickets: { B: { title } } });

describe("plan revisions", () => {
  it("rejects an edit made on a stale revision with 'the plan moved on' and keeps the other edit", () => {
    const { store } = openTestStore();
    const plan = propose(store);
    editPlan(store, { planId: plan.id, baseRevision: 1, edit: retitle("API v2"), author: "person" });
    const error = errorOf(() =>
      editPlan(store, { planId: plan.id, baseRevision: 1, edit: retitle("API v3"), author: "person" }),
    );
    expect(error.code).toBe("E_PLAN_MOVED_ON");
    expect(error.message).toMatch(/^the plan moved on: plan-1 is at revision 2/);
    expect(error.hint).toContain("--base-revision 2");
    expect(getRevision(store, plan.id).proposal.tickets[1]!.title).toBe("API v2");
  });

  it("rewinds by appending the old revision as a new one", () => {
    const { store } = openTestStore();
    const plan = propose(store);
    editPlan(store, { planId: plan.id, baseRevision: 1, edit: retitle("API v2"), author: "person" });
    const rewound = rewindPlan(store, { planId: plan.id, to: 1, baseRevision: 2, author: "person" });
    expect(rewound).toMatchObject({ revision: 3, baseRevision: 2, kind: "rewind" });
    expect(rewound.proposal).toEqual(getRevision(store, plan.id, 1).proposal);
    expect(listRevisions(store, plan.id).map((revision) => revision.revision)).toEqual([1, 2, 3]);
    expect(() => store.db.prepare("DELETE FROM plan_revisions").run()).toThrow(/append-only/);
  });

  it("refuses a revision once the plan left proposed, and approval binds to the revision", () => {
    const { store } = openTestStore();
    const plan = propose(store);
    const stale = errorOf(() => recordApproval(store, { planId: plan.id, revision: 0, by: "person" }));
    expect(stale.code).toBe("E_PLAN_MOVED_ON");
    expect(recordApproval(store, { planId: plan.id, revision: 1, by: "person" })).toMatchObject({
      status: "approved",
      approvedRevision: 1,
    });
    const after = errorOf(() =>
      editPlan(store, { planId: plan.id, baseRevision: 1, edit: retitle("late"), author: "person" }),
    );
    expect(after.code).toBe("E_PLAN_STATE");
    expect(after.message).toBe("plan-1 is approved: it cannot be revised");
    const agent = errorOf(() =>
      writeTransaction(store, (tx) =>
        submitAgentRevision(tx, {
          planId: plan.id,
          baseRevision: 1,
          proposal: parseProposal(diamondProposal()),
          author: "agent:lead",
          cooldownMs: 0,
        }),
      ),
    );
    expect(agent.code).toBe("E_PLAN_STATE");
    expect(listRevisions(store, plan.id)).toHaveLength(1);
  });

  it("coalesces agent revisions inside the cooldown into one, appended when the window closes", () => {
    const { store, clock } = openTestStore();
    const plan = propose(store, "agent:lead");
    const submit = (title: string) =>
      writeTransaction(store, (tx) => {
        const proposal = parseProposal({ ...diamondProposal(), goal: title });
        return submitAgentRevision(tx, {
          planId: plan.id,
          baseRevision: 1,
          proposal,
          author: "agent:lead",
          cooldownMs: 120_000,
        });
      });
    for (const [at, goal] of [
      [10_000, "two"],
      [50_000, "three"],
      [90_000, "four"],
    ] as const) {
      clock.set(plan.createdAt + at);
      expect(submit(goal)).toHaveProperty("held");
    }
    expect(heldRevision(store, plan.id)).toMatchObject({ coalesced: 3, dueAt: plan.createdAt + 120_000 });
    expect(getPlan(store, plan.id)?.revision).toBe(1);
    clock.set(plan.createdAt + 119_999);
    expect(flushHeldRevisions(store)).toEqual([]);
    clock.set(plan.createdAt + 120_000);
    const [appended] = flushHeldRevisions(store);
    expect(appended).toMatchObject({ revision: 2, kind: "agent", baseRevision: 1 });
    expect(appended!.proposal.goal).toBe("four");
    expect(listRevisions(store, plan.id)).toHaveLength(2);
    expect(listEvents(store, { type: "plan.revised" }).map((event) => event.payload["coalesced"])).toEqual([
      3,
    ]);
  });

  it("drops a held agent revision when a person edits the plan meanwhile", () => {
    const { store, clock } = openTestStore();
    const plan = propose(store, "agent:lead");
    clock.advance(1_000);
    writeTransaction(store, (tx) =>
      submitAgentRevision(tx, {
        planId: plan.id,
        baseRevision: 1,
        proposal: parseProposal({ ...diamondProposal(), goal: "agent's" }),
        author: "agent:lead",
        cooldownMs: 120_000,
      }),
    );
    editPlan(store, { planId: plan.id, baseRevision: 1, edit: retitle("person's"), author: "person" });
    clock.advance(120_000);
    expect(flushHeldRevisions(store)).toEqual([]);
    expect(getRevision(store, plan.id).proposal.goal).toBe(diamondProposal().goal);
    expect(listEvents(store, { type: "plan.revision_dropped" })[0]?.payload["reason"]).toMatch(/moved on/);
  });
});
