import { z } from "zod";
import { proposalSchema } from "./types.js";

/**
 * Exactly the bytes of schema/plan-proposal.schema.json (`npm run schema` writes it): the shape of a
 * plan file for editors and for agents that write proposals. The graph checks (cycles, unknown
 * roles, dangling dependencies) are beyond JSON Schema; `ao plan propose` makes them.
 */
export function renderProposalJsonSchema(): string {
  const schema = z.toJSONSchema(proposalSchema, {
    target: "draft-07",
    io: "input",
    override: (ctx) => {
      const json = ctx.jsonSchema as { maximum?: unknown };
      if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
    },
  });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
