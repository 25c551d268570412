// Writes schema/agent-orchestrator.schema.json (and schema/plan-proposal.schema.json) from the zod schema in src/core/config (built to dist/),
// with the built-in catalog's plugin defaults (core's schema itself names no plugin).
// Run through `npm run schema`, which builds first; test/core/config/json-schema.test.ts fails when
// the committed file and the schema drift apart.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import process from "node:process";
import { renderConfigJsonSchema } from "../dist/core/config/json-schema.js";
import { renderProposalJsonSchema } from "../dist/core/plans/proposal-json-schema.js";
import { builtinCatalog } from "../dist/plugins/builtin-catalog.js";

const target = fileURLToPath(import.meta.resolve("../schema/agent-orchestrator.schema.json"));
writeFileSync(target, renderConfigJsonSchema(builtinCatalog.defaults));
process.stdout.write(`wrote ${target}\n`);
const proposalTarget = fileURLToPath(import.meta.resolve("../schema/plan-proposal.schema.json"));
writeFileSync(proposalTarget, renderProposalJsonSchema());
process.stdout.write(`wrote ${proposalTarget}\n`);
