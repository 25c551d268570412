import { fileURLToPath } from "node:url";

/**
 * The JSON schema shipped in the ao package (schema/ at the package root), as an absolute path.
 * Computed from this module's location at run time so it is right for src/ (tests), dist/ and a
 * global install alike; editors with the YAML language server then complete and check the file.
 */
export function configSchemaPath(): string {
  return fileURLToPath(new URL("../../../schema/agent-orchestrator.schema.json", import.meta.url));
}
