import ts from "typescript";
import { SLOTS, type PluginCatalog, type Slot } from "../../src/core/registry/catalog.js";

/** A place in a source file where core names a built-in plugin. */
export interface PluginNameFinding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/**
 * Where a source file names a plugin of `catalog` (the names come from the catalog itself, never
 * from a list here). Three rules, over string literals and the text of template literals:
 *
 * - a literal that IS a plugin name (`"tmux"`, `{ plugin: "github" }`, `=== "linear"`), except
 *   where such a word is plainly not a plugin: an argument of a program started through core's
 *   chokepoint (`git(ctx, dir, ["clone", …])`), a field mapped to its column of the same name
 *   (`worktree: "worktree"`), a property key, a literal *type* (a value has to name the plugin
 *   somewhere, and that value is checked), a module path;
 * - text that names one as `<slot>/<name>` or `<slot>: <name>` (`scm/local`, "set `tracker: github`");
 * - text that lists two or more plugins of one slot as words ("github, linear or local").
 *
 * Comments are not code and are not scanned; a common word in prose ("local mode", "the worktree
 * of …") is not a plugin name by any of the rules. Where such a word is still something else (the
 * route owner `"core"`, which is ao's core, not lifecycle/core), a comment on the same line that
 * says so, `// not a plugin: <why>`, lets it be: the reason is written where a reviewer reads it.
 */
export function findPluginNames(file: string, source: string, catalog: PluginCatalog): PluginNameFinding[] {
  const names = catalogNames(catalog);
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const findings: PluginNameFinding[] = [];
  const report = (node: ts.Node, text: string, why: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file, line: line + 1, text, why });
  };
  const lines = source.split("\n");
  const excused = (node: ts.Node) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    return /\/[/*]\s*not a plugin: \S/.test(lines[line] ?? "");
  };
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined && !isModulePath(node) && !excused(node)) {
      const why = wholeName(node, text, names) ?? namedInText(text, names) ?? listedInText(text, names);
      if (why !== undefined) report(node, text, why);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

type CatalogNames = ReadonlyMap<Slot, readonly string[]>;

function catalogNames(catalog: PluginCatalog): CatalogNames {
  return new Map(SLOTS.map((slot) => [slot, Object.keys(catalog[slot])]));
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return undefined;
}

function wholeName(node: ts.Node, text: string, names: CatalogNames): string | undefined {
  if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node)) return undefined;
  const slots = [...names].filter(([, list]) => list.includes(text)).map(([slot]) => slot);
  if (slots.length === 0 || isNotAPluginHere(node)) return undefined;
  return `"${text}" is the name of the built-in ${slots.join("/")} plugin`;
}

/** The positions in which a plugin's name is some other thing of the same spelling. */
function isNotAPluginHere(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean {
  const parent = node.parent;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) {
    if (parent.name === node) return true;
    // A field mapped to a column spelled the same: `worktree: "worktree"`.
    return ts.isPropertyAssignment(parent) && parent.name.getText() === node.text;
  }
  return ts.isArrayLiteralExpression(parent) && isProgramArguments(parent);
}

/** `git(ctx, cwd, [...])`, `gitText(…)`, `ctx.exec(file, [...])`: argv of a program, not a plugin. */
function isProgramArguments(array: ts.ArrayLiteralExpression): boolean {
  const call = array.parent;
  if (!ts.isCallExpression(call) || !call.arguments.includes(array)) return false;
  const callee = call.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : "";
  return name === "git" || name === "gitText" || name === "exec";
}

function isModulePath(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent))
    return parent.moduleSpecifier === node;
  if (ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) return true;
  return ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword;
}

const word = (name: string) => new RegExp(`(?<![\\w-])${name.replace(/[-]/g, "\\-")}(?![\\w-])`);

function namedInText(text: string, names: CatalogNames): string | undefined {
  for (const [slot, list] of names) {
    for (const name of list) {
      if (new RegExp(`(?<![\\w-])${slot}(?:/|: )${word(name).source}`).test(text))
        return `"${text}" names the built-in ${slot} plugin ${name}`;
    }
  }
  return undefined;
}

function listedInText(text: string, names: CatalogNames): string | undefined {
  for (const [slot, list] of names) {
    const listed = list.filter((name) => word(name).test(text));
    if (listed.length >= 2) return `"${text}" lists the built-in ${slot} plugins ${listed.join(", ")}`;
  }
  return undefined;
}
