import { join } from "node:path";
import { packageRoot } from "../package-root.js";

/**
 * The JSON schema shipped in the ao package (schema/ at the package root), as an absolute path.
 * Computed from this module's location at run time so it is right for src/ (tests), dist/, the
 * bundled CLI and a global install alike; editors with the YAML language server then complete and
 * check the file.
 */
export function configSchemaPath(): string {
  return join(packageRoot(), "schema", "agent-orchestrator.schema.json");
}
