import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderProposalJsonSchema } from "../../../src/core/plans/proposal-json-schema.js";

const COMMITTED = new URL("../../../schema/plan-proposal.schema.json", import.meta.url);

describe("schema/plan-proposal.schema.json", () => {
  it("is exactly what the zod proposal schema generates", () => {
    expect(
      readFileSync(COMMITTED, "utf8") === renderProposalJsonSchema(),
      "schema/plan-proposal.schema.json is out of date: run `npm run schema` and commit the result",
    ).toBe(true);
  });

  it("requires a goal, roles, tickets and a synthesis, and no other key", () => {
    const schema = JSON.parse(renderProposalJsonSchema()) as {
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.required.sort()).toEqual(["goal", "roles", "synthesis", "tickets"]);
    expect(schema.additionalProperties).toBe(false);
  });
});
