import { dirname } from "node:path";
import type { AoContext } from "../context.js";
import { checkConfigRules } from "./check-config-rules.js";
import { parseConfigYaml, positionProblems, type ParsedYaml, yamlData } from "./config-document.js";
import { configIssuesError, type ConfigIssue, type ConfigProblem } from "./config-issues.js";
import { configSchema, type RawConfig } from "./config-schema.js";
import { applyEditsToData } from "./config-edits.js";
import { normalizeConfig } from "./normalize-config.js";
import { findOriginalKeys } from "./original/original-keys.js";
import { substituteEnv } from "./substitute-env.js";
import type { ConfigDocument, LoadedConfig } from "./types.js";
import { zodProblems } from "../zod-problems.js";

/*
 * The slow half of loading the configuration: yaml and zod. load-config.ts imports this module only
 * when the validated result is not in the cache (or to re-read the document for a message).
 */

type ParseContext = Pick<AoContext, "env" | "cwd" | "catalog">;

function fail(
  code: "E_CONFIG_INVALID" | "E_CONFIG_ENV",
  parsed: ParsedYaml,
  problems: ConfigProblem[],
  cwd: string,
): never {
  throw configIssuesError(code, parsed.file, positionProblems(parsed, problems), cwd);
}

/** The validated file, and a warning for each key of the original ao's that ao read its own way. */
function validate(parsed: ParsedYaml, cwd: string): { raw: RawConfig; warnings: ConfigIssue[] } {
  const written: unknown = yamlData(parsed);
  if (written === null || written === undefined) {
    fail(
      "E_CONFIG_INVALID",
      parsed,
      [{ keyPath: [], message: "the file is empty: it needs at least a projects map" }],
      cwd,
    );
  }
  const findings = findOriginalKeys(written);
  const data = applyEditsToData(
    written,
    findings.flatMap((finding) => finding.edits),
  );
  const result = configSchema.safeParse(data);
  if (!result.success)
    fail("E_CONFIG_INVALID", parsed, zodProblems(result.error.issues, data, configSchema), cwd);
  const problems = findings.map(({ keyPath, message }) => ({ keyPath, message, at: "key" as const }));
  return { raw: result.data, warnings: positionProblems(parsed, problems) };
}

/**
 * The parsed and substituted file. Also used on its own for a configuration that came from the
 * cache, when a message needs a position: same text, same env, so same positions and values.
 */
export function parseConfigDocument(
  text: string,
  file: string,
  ctx: Pick<AoContext, "env" | "cwd">,
): ConfigDocument {
  const parsed = parseConfigYaml(text, file, ctx.cwd);
  const substitution = substituteEnv(parsed.yaml.contents, ctx.env);
  if (substitution.problems.length > 0) fail("E_CONFIG_ENV", parsed, substitution.problems, ctx.cwd);
  return { ...parsed, envReferences: substitution.references };
}

/**
 * parse → substitute ${VAR} → validate → normalise → cross-key rules. Each stage reports every
 * problem it finds at once, as one AoError with file:line:column and key path per problem.
 */
export function parseConfig(text: string, file: string, ctx: ParseContext): LoadedConfig {
  const document = parseConfigDocument(text, file, ctx);
  const { raw, warnings } = validate(document, ctx.cwd);
  const { config, problems } = normalizeConfig(raw, {
    configDir: dirname(file),
    env: ctx.env,
    catalogDefaults: ctx.catalog.defaults ?? {},
  });
  problems.push(...checkConfigRules(config, raw));
  if (problems.length > 0) fail("E_CONFIG_INVALID", document, problems, ctx.cwd);
  const loaded = Promise.resolve(document);
  return { path: file, config, fromCache: false, warnings, loadDocument: () => loaded };
}
