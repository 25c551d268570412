import { describe, expect, it } from "vitest";
import { blockedTickets, readyTickets } from "../../../../src/core/plans/run/ready-tickets.js";
import { checkTicketOutput } from "../../../../src/core/plans/run/ticket-output.js";

const files = {
  type: "object",
  properties: { files: { type: "array", items: { type: "string" } } },
  required: ["files"],
};

describe("a ticket's output", () => {
  it("is the reply's JSON when it matches the output schema, whole or in a fenced block", () => {
    expect(checkTicketOutput('{"files":["a.ts"]}', files)).toEqual({ ok: true, output: { files: ["a.ts"] } });
    const fenced = 'Done.\n```json\n{"files":["b.ts"]}\n```\n';
    expect(checkTicketOutput(fenced, files)).toEqual({ ok: true, output: { files: ["b.ts"] } });
  });

  it("is refused with the path of the problem when it does not match", () => {
    const check = checkTicketOutput('{"files":[1]}', files);
    expect(check.ok).toBe(false);
    expect(check.ok ? "" : check.problem).toMatch(/^files\.0: /);
    expect(checkTicketOutput("no json here", files)).toEqual({
      ok: false,
      problem: "the reply holds no JSON value",
    });
    expect(checkTicketOutput("  ", undefined)).toEqual({ ok: false, problem: "the reply is empty" });
  });

  it("is the reply's text when the ticket declares no schema", () => {
    expect(checkTicketOutput("the positioning doc", undefined)).toEqual({
      ok: true,
      output: "the positioning doc",
    });
  });
});

describe("the scheduler", () => {
  const diamond = (states: Record<string, "pending" | "running" | "done" | "failed">) => [
    { id: "A", dependsOn: [], state: states["A"] ?? "pending" },
    { id: "B", dependsOn: ["A"], state: states["B"] ?? "pending" },
    { id: "C", dependsOn: ["A"], state: states["C"] ?? "pending" },
    { id: "S", dependsOn: ["B", "C"], state: states["S"] ?? "pending" },
  ];

  it("starts B and C together once A is done, and the synthesis only after both", () => {
    expect(readyTickets(diamond({})).map((t) => t.id)).toEqual(["A"]);
    expect(readyTickets(diamond({ A: "done" })).map((t) => t.id)).toEqual(["B", "C"]);
    expect(readyTickets(diamond({ A: "done", B: "done", C: "running" })).map((t) => t.id)).toEqual([]);
    expect(readyTickets(diamond({ A: "done", B: "done", C: "done" })).map((t) => t.id)).toEqual(["S"]);
  });

  it("knows what a failed ticket blocks for good", () => {
    expect(blockedTickets(diamond({ A: "done", B: "failed" })).map((t) => t.id)).toEqual(["S"]);
    expect(blockedTickets(diamond({ A: "failed" })).map((t) => t.id)).toEqual(["B", "C", "S"]);
  });
});
