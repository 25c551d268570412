import { rename, stat, writeFile } from "node:fs/promises";
import type { AoContext } from "../context.js";
import { applyEditsToDocument } from "./config-edits.js";
import { parseConfigYaml, positionProblems, yamlData } from "./config-document.js";
import type { ConfigIssue } from "./config-issues.js";
import { readConfigFile } from "./config-limits.js";
import { findConfigPath } from "./find-config-path.js";
import { findOriginalKeys } from "./original/original-keys.js";

export interface ConfigMigration {
  path: string;
  /** One per key rewritten, at its place in the file as it was, with what ao does instead. */
  changes: ConfigIssue[];
  /** The file after the edits, comments kept; the same text when there is nothing to change. */
  text: string;
  written: boolean;
}

/**
 * `ao config migrate [--write]`: the edits that turn a file written for the original ao into one
 * ao loads without warnings — exactly the edits a load applies before it validates (config-edits.ts).
 * The file is edited as a YAML document, so comments and layout stay; `${VAR}` stays unsubstituted.
 * With `write`, the file is replaced atomically (same mode).
 */
export async function migrateConfig(
  ctx: Pick<AoContext, "env" | "cwd">,
  options: { configPath?: string | undefined; write?: boolean | undefined },
): Promise<ConfigMigration> {
  const path = await findConfigPath(ctx, options.configPath);
  const before = await readConfigFile(path, ctx.cwd);
  const parsed = parseConfigYaml(before, path, ctx.cwd);
  const findings = findOriginalKeys(yamlData(parsed));
  const changes = positionProblems(
    parsed,
    findings.map(({ keyPath, message }) => ({ keyPath, message, at: "key" as const })),
  );
  if (findings.length === 0) return { path, changes, text: before, written: false };
  applyEditsToDocument(
    parsed.yaml,
    findings.flatMap((finding) => finding.edits),
  );
  // yaml pads flow lists (`[ a ]`) and may open with the blank line of a removed first key.
  const printed = parsed.yaml.toString({ lineWidth: 0, flowCollectionPadding: false });
  const text = /^\s/.test(before) ? printed : printed.replace(/^\n+/, "");
  if (options.write !== true) return { path, changes, text, written: false };
  const temporary = `${path}.ao-migrate-${process.pid}`;
  await writeFile(temporary, text, { mode: (await stat(path)).mode & 0o777 });
  await rename(temporary, path);
  return { path, changes, text, written: true };
}
