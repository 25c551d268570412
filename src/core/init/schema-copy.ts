import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AoPaths } from "../paths.js";
import { configSchemaPath } from "./schema-location.js";

/**
 * Where a config's `# yaml-language-server: $schema=` line points: a copy of the schema in
 * AO_HOME (`AO_HOME/schema/agent-orchestrator.schema.json`), not the ao checkout or install that
 * wrote the line. Moving or upgrading ao then leaves the line valid; every `ao init` and
 * `ao config validate` refreshes the copy, so the editor checks against the ao in use.
 */
export function schemaCopyPath(paths: Pick<AoPaths, "home">): string {
  return join(paths.home, "schema", "agent-orchestrator.schema.json");
}

/** Writes the copy when it is missing or differs from this ao's schema; returns its path. */
export async function refreshSchemaCopy(paths: Pick<AoPaths, "home">): Promise<string> {
  const target = schemaCopyPath(paths);
  const [wanted, current] = await Promise.all([
    readFile(configSchemaPath(), "utf8"),
    readFile(target, "utf8").catch(() => undefined),
  ]);
  if (current === wanted) return target;
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.tmp`;
  await writeFile(temporary, wanted);
  await rename(temporary, target);
  return target;
}
