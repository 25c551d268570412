import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { materialize } from "../../../src/core/plans/materialize.js";
import { parseProposal } from "../../../src/core/plans/parse-proposal.js";
import type { Proposal, ProposalInput, ResolvedRole } from "../../../src/core/plans/types.js";
import { diamondProposal } from "./plan-fixture.js";

const ROLES = ["dev", "qa", "writer"] as const;

const resolved = (ids: readonly string[]): Record<string, ResolvedRole> =>
  Object.fromEntries(
    ids.map((id) => [id, { id, agent: `agent-${id}`, model: null, rules: null, hireId: null }]),
  );

/** A random DAG: ticket i may depend only on tickets before it, so there is never a cycle. */
const proposalArbitrary: fc.Arbitrary<ProposalInput> = fc
  .record({
    size: fc.integer({ min: 1, max: 9 }),
    edges: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }),
    roleOf: fc.array(fc.constantFrom(...ROLES), { minLength: 9, maxLength: 9 }),
    research: fc.boolean(),
    rounds: fc.integer({ min: 0, max: 3 }),
    startFrom: fc.boolean(),
  })
  .map(({ size, edges, roleOf, research, rounds, startFrom }) => {
    const deps = Array.from({ length: size }, () => new Set<string>());
    for (const [a, b] of edges) {
      const [from, to] = [a % size, b % size];
      if (from < to) deps[to]!.add(`T${from}`);
    }
    return {
      goal: "a random plan",
      roles: Object.fromEntries(ROLES.map((role) => [role, { kind: "existing", agent: `agent-${role}` }])),
      tickets: deps.map((set, index) => ({
        id: `T${index}`,
        title: `ticket ${index}`,
        body: `do ${index}`,
        role: roleOf[index]!,
        dependsOn: [...set],
        ...(startFrom && set.size > 0 ? { startFrom: [...set][0]! } : {}),
      })),
      ...(research ? { research: { role: "qa", body: "look around" } } : {}),
      ...(rounds > 0 ? { debate: { rounds, topic: "the approach" } } : {}),
      synthesis: { role: "writer", body: "sum up" },
    } satisfies ProposalInput;
  });

/** The same proposal written in another order: tickets shuffled, dependsOn and roles reversed. */
function reordered(input: ProposalInput, order: readonly number[]): ProposalInput {
  const tickets = order
    .map((index) => input.tickets[index]!)
    .map((ticket) => ({
      ...ticket,
      dependsOn: [...(ticket.dependsOn ?? [])].reverse(),
    }));
  return { ...input, tickets, roles: Object.fromEntries(Object.entries(input.roles).reverse()) };
}

const permutation = (size: number) =>
  fc
    .array(fc.nat(), { minLength: size, maxLength: size })
    .map((keys) => Array.from({ length: size }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b));

describe("the materializer", () => {
  it("is pure, order-independent, keeps every ticket once and every dependency", () => {
    fc.assert(
      fc.property(
        proposalArbitrary.chain((input) => fc.tuple(fc.constant(input), permutation(input.tickets.length))),
        ([input, order]) => {
          const proposal: Proposal = parseProposal(input);
          const roles = resolved(ROLES);
          const pipeline = materialize(proposal, roles);
          expect(materialize(structuredClone(proposal), structuredClone(roles))).toEqual(pipeline);
          const shuffled = resolved([...ROLES].reverse());
          expect(materialize(parseProposal(reordered(input, order)), shuffled)).toEqual(pipeline);
          const ticketSteps = pipeline.steps.filter((step) => step.kind === "ticket");
          expect(ticketSteps.map((step) => step.ticket).sort()).toEqual(
            proposal.tickets.map((t) => t.id).sort(),
          );
          const position = new Map(pipeline.steps.map((step, index) => [step.id, index]));
          expect(position.size).toBe(pipeline.steps.length);
          for (const ticket of proposal.tickets)
            for (const dep of ticket.dependsOn) {
              const step = pipeline.steps[position.get(ticket.id)!]!;
              expect(step.needs).toContain(dep);
              expect(step.inputs).toContainEqual({ step: dep, as: "dependency" });
              expect(position.get(dep)!).toBeLessThan(position.get(ticket.id)!);
            }
          for (const step of pipeline.steps)
            for (const need of step.needs) expect(position.get(need)!).toBeLessThan(position.get(step.id)!);
          expect(pipeline.steps.at(-1)?.id).toBe("synthesis");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("turns the diamond into A, then B and C, then a synthesis fed by both", () => {
    const proposal = parseProposal(diamondProposal());
    const pipeline = materialize(proposal, resolved(["dev", "writer"]));
    expect(pipeline.steps.map((step) => [step.id, step.needs])).toEqual([
      ["A", []],
      ["B", ["A"]],
      ["C", ["A"]],
      ["synthesis", ["B", "C"]],
    ]);
    expect(pipeline.steps[1]).toMatchObject({ startFrom: "A", inputs: [{ step: "A", as: "dependency" }] });
    expect(pipeline.stages).toEqual([
      { kind: "ticket", steps: ["A", "B", "C"] },
      { kind: "synthesis", steps: ["synthesis"] },
    ]);
    expect(pipeline.budgetUsd).toBe(20);
  });

  it("runs research first and debate rounds before the tickets, each round after the whole round before", () => {
    const proposal = parseProposal({
      ...diamondProposal(),
      research: { role: "dev", body: "read the code" },
      debate: { rounds: 2, topic: "which format" },
    });
    const pipeline = materialize(proposal, resolved(["dev", "writer"]));
    const needs = Object.fromEntries(pipeline.steps.map((step) => [step.id, step.needs]));
    expect(needs["debate-1-dev"]).toEqual(["research"]);
    expect(needs["debate-2-writer"]).toEqual(["debate-1-dev", "debate-1-writer"]);
    expect(needs["A"]).toEqual(["debate-2-dev", "debate-2-writer", "research"]);
    expect(pipeline.steps.find((step) => step.id === "C")?.inputs[0]).toEqual({
      step: "research",
      as: "research",
    });
  });

  it("refuses a role that was not resolved", () => {
    expect(() => materialize(parseProposal(diamondProposal()), resolved(["dev"]))).toThrow(
      /role "writer" was not resolved/,
    );
  });
});
