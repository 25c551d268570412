import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { checkConfigRules } from "./check-config-rules.js";
import { parseConfigYaml, positionProblems, type ParsedYaml } from "./config-document.js";
import { configIssuesError, type ConfigProblem } from "./config-issues.js";
import { configSchema, type RawConfig } from "./config-schema.js";
import { findConfigPath } from "./find-config-path.js";
import { normalizeConfig } from "./normalize-config.js";
import { substituteEnv } from "./substitute-env.js";
import type { LoadedConfig } from "./types.js";
import { zodProblems } from "./zod-problems.js";

type LoadContext = Pick<AoContext, "env" | "cwd">;

function fail(
  code: "E_CONFIG_INVALID" | "E_CONFIG_ENV",
  parsed: ParsedYaml,
  problems: ConfigProblem[],
  cwd: string,
): never {
  throw configIssuesError(code, parsed.file, positionProblems(parsed, problems), cwd);
}

function validate(parsed: ParsedYaml, cwd: string): RawConfig {
  const data: unknown = parsed.yaml.toJS();
  if (data === null || data === undefined) {
    fail(
      "E_CONFIG_INVALID",
      parsed,
      [{ keyPath: [], message: "the file is empty: it needs at least a projects map" }],
      cwd,
    );
  }
  const result = configSchema.safeParse(data);
  if (!result.success)
    fail("E_CONFIG_INVALID", parsed, zodProblems(result.error.issues, data, configSchema), cwd);
  return result.data;
}

/**
 * parse → substitute ${VAR} → validate → normalise → cross-key rules. Each stage reports every
 * problem it finds at once, as one AoError with file:line:column and key path per problem.
 */
export function parseConfig(text: string, file: string, ctx: LoadContext): LoadedConfig {
  const parsed = parseConfigYaml(text, file, ctx.cwd);
  const substitution = substituteEnv(parsed.yaml.contents, ctx.env);
  if (substitution.problems.length > 0) fail("E_CONFIG_ENV", parsed, substitution.problems, ctx.cwd);
  const raw = validate(parsed, ctx.cwd);
  const { config, problems } = normalizeConfig(raw, { configDir: dirname(file), env: ctx.env });
  problems.push(...checkConfigRules(config, raw));
  if (problems.length > 0) fail("E_CONFIG_INVALID", parsed, problems, ctx.cwd);
  return { path: file, config, document: { ...parsed, envReferences: substitution.references } };
}

/** Finds (see findConfigPath), reads and validates the configuration. */
export async function loadConfig(
  ctx: LoadContext,
  options: { configPath?: string | undefined } = {},
): Promise<LoadedConfig> {
  const file = await findConfigPath(ctx, options.configPath);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new AoError("E_CONFIG_NOT_FOUND", `cannot read ${file}: ${(error as Error).message}`, {
      hint: "check the file's permissions",
      cause: error,
    });
  }
  return parseConfig(text, file, ctx);
}
