import type { z } from "zod";
import { didYouMean } from "./did-you-mean.js";
import type { ConfigProblem } from "./config/config-issues.js";

type Issue = z.core.$ZodIssue;
type Schema = z.core.$ZodType;

/** The parts of a zod definition needed to walk from the root schema to the one at a key path. */
interface DefView {
  type: string;
  shape?: Record<string, Schema>;
  valueType?: Schema;
  element?: Schema;
  options?: readonly Schema[];
  innerType?: Schema;
}

const defOf = (schema: Schema): DefView => schema._zod.def;

function unwrap(schema: Schema): Schema {
  let current = schema;
  while (defOf(current).innerType !== undefined) current = defOf(current).innerType!;
  return current;
}

function childSchema(schema: Schema, segment: PropertyKey): Schema | undefined {
  const def = defOf(unwrap(schema));
  if (def.type === "object") return def.shape?.[String(segment)];
  if (def.type === "record") return def.valueType;
  if (def.type === "array") return def.element;
  if (def.type === "union") return def.options?.find((option) => defOf(unwrap(option)).type === "object");
  return undefined;
}

/** The keys a strict object at `path` accepts: the candidates for "did you mean". */
function knownKeys(root: Schema, path: readonly PropertyKey[]): string[] {
  let schema: Schema | undefined = root;
  for (const segment of path) schema = schema === undefined ? undefined : childSchema(schema, segment);
  const def = schema === undefined ? undefined : defOf(unwrap(schema));
  return def?.type === "object" ? Object.keys(def.shape ?? {}) : [];
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const segment of path) value = (value as Record<PropertyKey, unknown> | null | undefined)?.[segment];
  return value;
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "a map of keys",
  record: "a map of keys",
  array: "a list",
};

function describeValue(value: unknown): string {
  // An unquoted `~` is YAML for null, which surprises people writing `path: ~`.
  if (value === null || value === undefined) return "nothing (an empty value, null, or an unquoted ~)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === "number" || typeof value === "boolean" ? `${typeof value} ${value}` : typeof value;
}

function invalidTypeMessage(issue: Extract<Issue, { code: "invalid_type" }>, data: unknown): string {
  const expected = EXPECTED[issue.expected] ?? issue.expected;
  const actual = valueAt(data, issue.path);
  if (actual !== undefined) return `expected ${expected}, got ${describeValue(actual)}`;
  // `pth: .` instead of `path: .`: say which written key was probably meant.
  const siblings = Object.keys((valueAt(data, issue.path.slice(0, -1)) as object | null) ?? {});
  const typo = siblings.find((key) => didYouMean(key, [String(issue.path.at(-1))]) !== undefined);
  return `required key is missing (expected ${expected})${typo ? `; is "${typo}" a typo of it?` : ""}`;
}

function sizeMessage(issue: Extract<Issue, { code: "too_small" | "too_big" }>): string {
  const small = issue.code === "too_small";
  const bound = small ? issue.minimum : issue.maximum;
  if (issue.origin === "string")
    return small && bound === 1
      ? "must not be empty"
      : `length must be ${small ? "at least" : "at most"} ${bound}`;
  if (issue.origin === "array") return `must have ${small ? "at least" : "at most"} ${bound} item(s)`;
  return `must be ${small ? "at least" : "at most"} ${bound}`;
}

function valueMessage(issue: Extract<Issue, { code: "invalid_value" }>, data: unknown): string {
  const allowed = issue.values.map((value) => JSON.stringify(value));
  const actual = valueAt(data, issue.path);
  const suggestion = typeof actual === "string" ? didYouMean(actual, issue.values.map(String)) : undefined;
  return `expected one of ${allowed.join(", ")}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`;
}

/**
 * A map given where a union also accepts a name (`tracker: {plugn: github}`): the map branch's own
 * issues say what is wrong far better than "matched no alternative".
 */
function mapBranchIssues(
  issue: Extract<Issue, { code: "invalid_union" }>,
  data: unknown,
): Issue[] | undefined {
  const value = valueAt(data, issue.path);
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const branch = issue.errors.find((errors) => errors.every((inner) => inner.path.length > 0));
  return branch?.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** zod issues → problems with our wording; an unrecognized_keys issue becomes one problem per key. */
export function zodProblems(issues: readonly Issue[], data: unknown, schema: Schema): ConfigProblem[] {
  return issues.flatMap((issue): ConfigProblem[] => {
    const keyPath = issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
    switch (issue.code) {
      case "invalid_union": {
        const inner = mapBranchIssues(issue, data);
        return inner ? zodProblems(inner, data, schema) : [{ keyPath, message: issue.message }];
      }
      case "unrecognized_keys": {
        const candidates = knownKeys(schema, issue.path);
        return issue.keys.map((key) => {
          const suggestion = didYouMean(key, candidates);
          const message = suggestion
            ? `unknown key (did you mean "${suggestion}"?)`
            : `unknown key (expected one of: ${candidates.join(", ")})`;
          return { keyPath: [...keyPath, key], message, at: "key" };
        });
      }
      case "invalid_type":
        return [{ keyPath, message: invalidTypeMessage(issue, data) }];
      case "too_small":
      case "too_big":
        return [{ keyPath, message: sizeMessage(issue) }];
      case "invalid_value":
        return [{ keyPath, message: valueMessage(issue, data) }];
      case "invalid_key":
        return [{ keyPath, message: `invalid key: ${issue.issues[0]?.message ?? issue.message}`, at: "key" }];
      default:
        return [{ keyPath, message: issue.message }];
    }
  });
}
