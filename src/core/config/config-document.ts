import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import { configIssuesError, formatKeyPath, type ConfigIssue, type ConfigProblem } from "./config-issues.js";
import { assertConfigSize, checkAliases } from "./config-limits.js";
import type { KeyPath, SourceLocation } from "./types.js";

export interface ParsedYaml {
  file: string;
  yaml: Document.Parsed;
  lineCounter: LineCounter;
}

/**
 * Parses the text keeping positions; YAML syntax errors are reported all at once with line:column.
 * Text over MAX_CONFIG_BYTES is refused unparsed, and aliases that expand too far at their place.
 */
export function parseConfigYaml(text: string, file: string, cwd: string): ParsedYaml {
  assertConfigSize(text, file, cwd);
  const lineCounter = new LineCounter();
  // `merge: true` keeps `<<: *anchor` working, which people use to share project settings.
  const yaml = parseDocument(text, { lineCounter, merge: true, prettyErrors: true });
  if (yaml.errors.length > 0) {
    const issues: ConfigIssue[] = yaml.errors.map((error) => {
      const { line, col } = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
      return { file, line, column: col, path: "", keyPath: [], message: syntaxMessage(error.message) };
    });
    const causes = afterTabsOnlyTabs(firstOfEachLine(issues));
    throw configIssuesError("E_CONFIG_INVALID", file, causes, cwd, SYNTAX_HINT);
  }
  checkAliases(yaml, lineCounter, file, cwd);
  return { file, yaml, lineCounter };
}

/**
 * The document as plain data. checkAliases bounded what aliases add when the text was parsed, so
 * yaml's own guess (count × nesting over 100, which 101 projects sharing one anchor would pass) is off.
 */
export function yamlData(parsed: ParsedYaml): unknown {
  return parsed.yaml.toJS({ maxAliasCount: -1 });
}

const SYNTAX_HINT =
  "fix the YAML syntax at the place above (indent with spaces, never tabs); later problems on the same line follow from the first";

/**
 * One syntax problem per line: the parser's first complaint on a line is the cause, the others it
 * adds there are consequences (one tab gave three problems on its line).
 */
function firstOfEachLine(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const seen = new Set<number>();
  return issues.filter((issue) => !seen.has(issue.line) && seen.add(issue.line));
}

const TAB_INDENT = "YAML syntax: tabs are not allowed as indentation";

/**
 * After a tab used as indentation the parser misreads the structure below it, so what it reports
 * on later lines ("nested mappings are not allowed…") is a consequence; only further tabs are kept.
 */
function afterTabsOnlyTabs(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const firstTab = issues.findIndex((issue) => issue.message === TAB_INDENT);
  if (firstTab < 0) return [...issues];
  return issues.filter((issue, index) => index <= firstTab || issue.message === TAB_INDENT);
}

/** yaml's messages end with " at line 3, column 1:" and a code frame; we print our own position. */
function syntaxMessage(message: string): string {
  const first = (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?$/, "");
  return `YAML syntax: ${first.charAt(0).toLowerCase()}${first.slice(1)}`;
}

interface Lookup {
  /** The deepest node reached along the key path. */
  node: unknown;
  /** The key of the deepest map entry reached (undefined at the root and for list items). */
  keyNode: Node | undefined;
  found: boolean;
}

function lookup(yaml: Document.Parsed, keyPath: KeyPath): Lookup {
  let node: unknown = yaml.contents;
  let keyNode: Node | undefined;
  for (const segment of keyPath) {
    if (isAlias(node)) node = node.resolve(yaml);
    let next: unknown;
    let nextKey: Node | undefined;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(segment),
      );
      next = pair?.value;
      nextKey = pair?.key as Node | undefined;
      if (pair === undefined) return { node, keyNode, found: false };
    } else if (isSeq(node) && typeof segment === "number" && segment < node.items.length) {
      next = node.items[segment];
    } else {
      return { node, keyNode, found: false };
    }
    node = next;
    keyNode = nextKey ?? (next as Node | undefined);
  }
  return { node, keyNode, found: true };
}

function startOf(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range?.[0];
}

/**
 * Where a key path is in the file. Found: the value (or the key, `at: "key"`). Not found (a missing
 * key, a default that is not written down): the deepest entry that exists, so the person lands on
 * the map the key belongs in.
 */
export function locateInYaml(
  parsed: ParsedYaml,
  keyPath: KeyPath,
  at: "key" | "value" = "value",
): SourceLocation {
  const { node, keyNode, found } = lookup(parsed.yaml, keyPath);
  const offset = found
    ? at === "key"
      ? (startOf(keyNode) ?? startOf(node))
      : (startOf(node) ?? startOf(keyNode))
    : (startOf(keyNode) ?? startOf(node));
  if (offset === undefined) return { file: parsed.file, line: 1, column: 1 };
  const { line, col } = parsed.lineCounter.linePos(offset);
  return { file: parsed.file, line, column: col };
}

/** Whether the key path is written in the file (as opposed to coming from a default). */
export function isWrittenInYaml(parsed: ParsedYaml, keyPath: KeyPath): boolean {
  return lookup(parsed.yaml, keyPath).found;
}

/** Problems with their positions, in file order (the order a person fixes them in). */
export function positionProblems(parsed: ParsedYaml, problems: readonly ConfigProblem[]): ConfigIssue[] {
  return problems
    .map((problem) => ({
      ...locateInYaml(parsed, problem.keyPath, problem.at),
      path: formatKeyPath(problem.keyPath),
      keyPath: [...problem.keyPath],
      message: problem.message,
    }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}
