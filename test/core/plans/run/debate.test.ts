import { describe, expect, it } from "vitest";
import { approvePlan } from "../../../../src/core/plans/run/approve-plan.js";
import type { ProposalInput } from "../../../../src/core/plans/types.js";
import { getTurn, listTickets } from "../../../../src/core/store/index.js";
import { HookedFakeAgent } from "../../../fakes/agent.js";
import { makePlanFixture, type PlanFixture } from "./plan-fixture.js";

const POSITION = { type: "object", properties: { position: { type: "string" } }, required: ["position"] };

/** Two roles debate two rounds before ticket A; the synthesis writes the note. */
const DEBATE: ProposalInput = {
  goal: "Ship one export format first",
  roles: {
    dev: { kind: "existing", agent: "fake" },
    writer: { kind: "hire", agent: "fake", rules: "Write plainly." },
  },
  debate: { rounds: 2, topic: "CSV or JSON first", roles: ["dev", "writer"], positionSchema: POSITION },
  tickets: [{ id: "A", title: "Build the chosen export", body: "Build it.", role: "dev" }],
  synthesis: { role: "writer", body: "Write the release note." },
};

const position = (text: string) => JSON.stringify({ position: text });

/** The turn a debate step was given in its role's session. */
async function turnOf(f: PlanFixture, step: string) {
  const row = f.ticket("plan-1", step);
  return getTurn((await f.engine()).store, row.turnId!)!;
}

describe("a plan's debate", () => {
  it("runs its rounds in order, each role's position a turn of its own, and hands the last round to the tickets", async () => {
    const agent = new HookedFakeAgent();
    const f = makePlanFixture({ agent });
    await f.propose("plan-1", DEBATE);
    await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
    expect(f.tickets("plan-1").map((t) => t.ticketId)).toEqual([
      "debate-1-dev",
      "debate-1-writer",
      "debate-2-dev",
      "debate-2-writer",
      "A",
      "synthesis",
    ]); // bounded: rounds × roles positions, no third round

    await f.cycle(); // round 1: no role has a session yet, so each position starts one
    const round1 = ["debate-1-dev", "debate-1-writer"].map((id) => f.ticket("plan-1", id));
    expect(round1.map((t) => [t.state, t.turnId])).toEqual([
      ["running", null],
      ["running", null],
    ]);
    expect(f.promptOf(round1[0]!.sessionId!)).toContain("Post your position on: CSV or JSON first");
    // A worker reports on its task, then stops: the task is its session's first turn (origin spawn).
    const reportAndStop = async (sessionId: string, text: string) => {
      await f.report(sessionId, text);
      agent.hook(sessionId, { type: "start" });
      agent.hook(sessionId, { type: "stop", reply: text });
    };
    await reportAndStop(round1[0]!.sessionId!, position("CSV: the users ask for it"));
    await f.cycle();
    expect(f.ticket("plan-1", "debate-2-dev").state).toBe("pending"); // the round waits for the whole round before
    await reportAndStop(round1[1]!.sessionId!, position("JSON: simpler to document"));
    await f.cycle();

    // Round 2: a turn in each role's own session, carrying round 1's positions.
    const round2 = ["debate-2-dev", "debate-2-writer"].map((id) => f.ticket("plan-1", id));
    expect(round2.map((t) => t.state)).toEqual(["running", "running"]);
    expect(round2.map((t) => t.sessionId)).toEqual(round1.map((t) => t.sessionId));
    expect(round2.every((t) => t.turnId !== null)).toBe(true);
    expect(f.ticket("plan-1", "A").state).toBe("pending");
    const sent = f.runtime.processOf(round1[0]!.sessionId!)!.transcript.join("\n");
    expect(sent).toContain("CSV: the users ask for it");
    expect(sent).toContain("JSON: simpler to document");

    agent.hook(round1[0]!.sessionId!, { type: "start" });
    agent.hook(round1[0]!.sessionId!, { type: "stop", reply: position("CSV, then JSON") });
    agent.hook(round1[1]!.sessionId!, { type: "start" });
    agent.hook(round1[1]!.sessionId!, {
      type: "stop",
      reply: `\`\`\`json\n${position("agreed: CSV")}\n\`\`\``,
    });
    await f.cycle();
    await f.cycle();
    expect((await turnOf(f, "debate-2-dev")).status).toBe("completed");
    const rows = listTickets((await f.engine()).store, "plan-1");
    expect(rows.filter((t) => t.ticketId.startsWith("debate-")).map((t) => t.state)).toEqual([
      "done",
      "done",
      "done",
      "done",
    ]);
    const a = f.ticket("plan-1", "A");
    expect(a.state).toBe("running");
    const prompt = f.promptOf(a.sessionId!);
    expect(prompt).toContain("CSV, then JSON");
    expect(prompt).toContain("agreed: CSV");
    expect(prompt).not.toContain("JSON: simpler to document"); // only the last round is handed on

    // The synthesis is a turn of its own too: in the writer's session, which the debate started.
    await f.report(a.sessionId!, "Built the CSV export.");
    await f.cycle();
    const synthesis = f.ticket("plan-1", "synthesis");
    expect([synthesis.state, synthesis.sessionId]).toEqual(["running", round1[1]!.sessionId]);
    expect(synthesis.turnId).not.toBeNull();
    expect(f.runtime.processOf(round1[1]!.sessionId!)!.transcript.join("\n")).toContain(
      "Built the CSV export.",
    );
  });
});
