import type { ProposalInput } from "../../../src/core/plans/types.js";

/** The diamond of issue 15: A → B, A → C, B + C → synthesis. */
export function diamondProposal(): ProposalInput {
  return {
    goal: "ship the export feature end to end",
    roles: {
      dev: { kind: "existing", agent: "claude-code" },
      writer: { kind: "hire", agent: "codex", model: "gpt-5", rules: "write short docs" },
    },
    tickets: [
      { id: "A", title: "Schema", body: "Add the export schema.", role: "dev" },
      { id: "B", title: "API", body: "Serve the export.", role: "dev", dependsOn: ["A"], startFrom: "A" },
      { id: "C", title: "Docs", body: "Document the export.", role: "writer", dependsOn: ["A"] },
    ],
    synthesis: { role: "writer", body: "Write the release note from B and C." },
    budget: { usd: 20 },
  };
}
