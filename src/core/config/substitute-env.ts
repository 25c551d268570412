import { isMap, isPair, isScalar, isSeq, type Scalar } from "yaml";
import type { ConfigProblem } from "./config-issues.js";
import type { EnvReference, KeyPath } from "./types.js";

type Env = Readonly<Record<string, string | undefined>>;

/** `$${` (an escaped literal), or `${…}` up to the first `}` (or the end, which is malformed). */
const REFERENCE = /\$\$\{|\$\{([^}]*)(\})?/g;
const BODY = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

interface Expansion {
  text: string;
  variables: string[];
  problems: string[];
}

/** Expands `${VAR}` and `${VAR:-default}` (default when unset or empty, like the shell) in one string. */
export function expandEnv(text: string, env: Env): Expansion {
  const variables: string[] = [];
  const problems: string[] = [];
  const expanded = text.replace(REFERENCE, (match, body: string | undefined, close: string | undefined) => {
    if (match === "$${") return "${";
    const parts = close === undefined ? null : BODY.exec(body ?? "");
    if (parts === null || (parts[2] ?? "").includes("${")) {
      problems.push(
        `malformed reference ${match}: expected \${NAME} or \${NAME:-default} (write $\${ for a literal \${)`,
      );
      return match;
    }
    const name = parts[1]!;
    variables.push(name);
    const value = env[name];
    if (value !== undefined && (value !== "" || parts[2] === undefined)) return value;
    if (parts[2] !== undefined) return parts[2];
    problems.push(`environment variable ${name} is not set`);
    return match;
  });
  return { text: expanded, variables, problems };
}

/**
 * An unquoted value that used a substitution is typed again the way YAML would have typed the
 * result (`port: ${AO_PORT:-3000}` is a number); quoting the value keeps it a string.
 */
function retype(text: string): string | number | boolean {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return text;
}

function substituteScalar(node: Scalar, keyPath: KeyPath, env: Env, out: SubstitutionResult): void {
  if (typeof node.value !== "string" || !node.value.includes("${")) return;
  const expansion = expandEnv(node.value, env);
  for (const message of expansion.problems) out.problems.push({ keyPath, message });
  if (expansion.problems.length > 0) return;
  node.value =
    node.type === "PLAIN" && expansion.variables.length > 0 ? retype(expansion.text) : expansion.text;
  if (expansion.variables.length > 0) out.references.push({ keyPath, variables: expansion.variables });
}

export interface SubstitutionResult {
  references: EnvReference[];
  problems: ConfigProblem[];
}

/**
 * Substitutes in every scalar value of the document, in place and before validation, so the schema
 * sees final values and positions still point into the file. Keys and comments are left alone.
 */
export function substituteEnv(root: unknown, env: Env): SubstitutionResult {
  const out: SubstitutionResult = { references: [], problems: [] };
  const visit = (node: unknown, keyPath: KeyPath): void => {
    if (isScalar(node)) substituteScalar(node, keyPath, env, out);
    else if (isSeq(node)) node.items.forEach((item, index) => visit(item, [...keyPath, index]));
    else if (isMap(node)) {
      for (const pair of node.items) {
        if (isPair(pair) && isScalar(pair.key)) visit(pair.value, [...keyPath, String(pair.key.value)]);
      }
    }
  };
  visit(root, []);
  return out;
}
