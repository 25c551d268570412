import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import type { PlanCard } from "../../src/core/plans/run/plan-card.js";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";
import { diamondProposal } from "../core/plans/plan-fixture.js";

function planFixture() {
  const f = makeCliFixture();
  writeFileSync(join(f.ctx.cwd, "plan.yaml"), stringify(diamondProposal()));
  return f;
}

const json = <T>(run: { stdout: string }): T => JSON.parse(run.stdout) as T;

describe("ao plan", () => {
  it("proposes from a file and shows the tickets with unknown estimates", async () => {
    const f = planFixture();
    const proposed = await f.ao(["plan", "propose", "app", "--file", "plan.yaml", "--parent", "12"]);
    expect(proposed.stderr).toBe("");
    expect(proposed.exitCode).toBe(0);
    expect(proposed.stdout).toMatch(/^plan-1 {2}proposed {2}revision 1 \(latest\) {2}project app$/m);
    expect(proposed.stdout).toMatch(
      /^A \* +pending +dev \(claude-code\) +- +unknown +unknown +0 +unknown +Schema$/m,
    );
    expect(proposed.stdout).toMatch(/^synthesis \* +pending +writer \(codex\) +B,C +- +- +- +- +/m);
    expect(proposed.stdout).toContain("parent ticket: 12");
    expect(proposed.stdout).toContain("critical path (* by steps): A → B → synthesis");
    expect(proposed.stdout).toContain("cost: unknown (partial: 3 of 3 tickets unknown)  budget $20.00");
    expect(proposed.stdout).toMatch(/^rev 1 {2}propose {2}by person {2}\S+ {2}proposed$/m);
    const shown = json<PlanCard>(await f.ao(["plan", "show", "plan-1", "--json"]));
    expect(shown).toMatchObject({ id: "plan-1", shownRevision: 1, parent: { ref: "12", url: null } });
    expect(shown.steps.map((step) => step.estimate?.sampleSize ?? null)).toEqual([0, 0, 0, null]);
    expect((await f.ao(["plan", "ls"])).stdout).toMatch(/^plan-1 +app +proposed +1 +-$/m);
  });

  it("refuses a plan file with a cycle, naming file, line and the cycle", async () => {
    const f = makeCliFixture();
    const proposal = diamondProposal();
    proposal.tickets[0]!.dependsOn = ["C"];
    writeFileSync(join(f.ctx.cwd, "plan.json"), JSON.stringify(proposal, null, 2));
    const run = await f.ao(["plan", "propose", "app", "--file", "plan.json"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/plan\.json:\d+:\d+ tickets\[0\]\.dependsOn: dependency cycle: A → C → A/);
  });

  it("edits with flags on a base revision, refuses a stale one, diffs and rewinds", async () => {
    const f = planFixture();
    await f.ao(["plan", "propose", "app", "--file", "plan.yaml"]);
    const edit = ["plan", "edit", "plan-1", "--ticket", "C", "--title", "Docs v2", "--depends-on", "A,B"];
    expect((await f.ao([...edit, "--base-revision", "1"])).stdout).toBe("plan-1: revision 2 (edit on 1)\n");
    const stale = await f.ao([...edit, "--base-revision", "1"]);
    expect(stale.exitCode).toBe(1);
    expect(stale.stderr).toContain("the plan moved on: plan-1 is at revision 2");
    const diff = await f.ao(["plan", "diff", "plan-1", "1", "2"]);
    expect(diff.stdout).toBe(
      '~ tickets.C.dependsOn ["A"] → ["A","B"]\n~ tickets.C.title "Docs" → "Docs v2"\n',
    );
    expect((await f.ao(["plan", "rewind", "plan-1", "1", "--base-revision", "2"])).exitCode).toBe(0);
    expect((await f.ao(["plan", "diff", "plan-1", "1", "3"])).stdout).toBe(
      "plan-1: revisions 1 and 3 are the same\n",
    );
  });

  it("refuses edits of the structure, the budget and role pinning with the reason", async () => {
    const f = planFixture();
    await f.ao(["plan", "propose", "app", "--file", "plan.yaml"]);
    writeFileSync(join(f.ctx.cwd, "patch.yaml"), "baseRevision: 1\nbudget: { usd: 1000 }\ntickets: {}\n");
    const budget = await f.ao(["plan", "edit", "plan-1", "--file", "patch.yaml"]);
    expect(budget.exitCode).toBe(2);
    expect(budget.stderr).toContain("budget cannot be edited: the budget is not editable");
    const pin = await f.ao([
      "plan",
      "edit",
      "plan-1",
      "--ticket",
      "A",
      "--role",
      "claude-code",
      "--base-revision",
      "1",
    ]);
    expect(pin.stderr).toContain(
      '"claude-code" is no role of this plan (roles: dev, writer); a role cannot be pinned',
    );
    writeFileSync(
      join(f.ctx.cwd, "patch.yaml"),
      "tickets: { C: { delete: true } }\nsynthesis: { role: dev, body: x }\n",
    );
    expect(
      (await f.ao(["plan", "edit", "plan-1", "--file", "patch.yaml", "--base-revision", "1"])).stderr,
    ).toContain("synthesis cannot be edited: the synthesis stage is structural and read-only");
  });

  it("approves the revision a person reviewed, and then refuses revisions", async () => {
    const f = planFixture();
    await f.ao(["plan", "propose", "app", "--file", "plan.yaml"]);
    const unsaid = await f.ao(["plan", "approve", "plan-1"]);
    expect(unsaid.exitCode).toBe(2);
    expect(unsaid.stderr).toContain("required option '--revision <n>' not specified");
    const zero = await f.ao(["plan", "approve", "plan-1", "--revision", "0"]);
    expect(zero.exitCode).toBe(2);
    expect(zero.stderr).toContain('--revision must be a whole number, at least 1, not "0"');
    expect((await f.ao(["plan", "approve", "plan-1", "--revision", "1"])).stdout).toBe(
      "plan-1: approved at revision 1\n",
    );
    const late = await f.ao([
      "plan",
      "edit",
      "plan-1",
      "--ticket",
      "A",
      "--title",
      "x",
      "--base-revision",
      "1",
    ]);
    expect(late.stderr).toContain("plan-1 is executing: it cannot be revised");
  });

  it("rejects the revision a person reviewed, with the reason, and then refuses approval", async () => {
    const f = planFixture();
    await f.ao(["plan", "propose", "app", "--file", "plan.yaml"]);
    expect((await f.ao(["plan", "reject", "plan-1", "--revision", "1"])).exitCode).toBe(2);
    const stale = await f.ao(["plan", "reject", "plan-1", "--revision", "2", "--reason", "too big"]);
    expect(stale.stderr).toContain("the plan moved on");
    const rejected = await f.ao([
      "plan",
      "reject",
      "plan-1",
      "--revision",
      "1",
      "--reason",
      "too big",
      "--json",
    ]);
    expect(rejected.exitCode, rejected.stderr).toBe(0);
    expect(json<{ plan: { status: string; reason: string } }>(rejected).plan).toMatchObject({
      status: "cancelled",
      reason: "rejected: too big",
    });
    const late = await f.ao(["plan", "approve", "plan-1", "--revision", "1"]);
    expect(late.stderr).toContain("plan plan-1 is cancelled: only a proposed plan is approved");
  });

  it("saves a plan as a playbook and lists it", async () => {
    const f = planFixture();
    await f.ao(["plan", "propose", "app", "--file", "plan.yaml"]);
    expect((await f.ao(["plan", "playbook", "save", "ship", "--from", "plan-1@1"])).stdout).toBe(
      "playbook ship: 3 tickets\n",
    );
    expect(
      json<{ playbooks: { name: string }[] }>(await f.ao(["plan", "playbook", "ls", "--json"])).playbooks[0]
        ?.name,
    ).toBe("ship");
  });
});
