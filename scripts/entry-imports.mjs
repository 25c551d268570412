// An esbuild plugin for the CLI bundle (scripts/build.mjs): an import of a core area's entry
// (src/core/<area>/index.ts) is bundled as an import of the files that define the names it takes.
//
// The outer layers import each area of src/core through its index.ts (docs/architecture.md; the map
// test holds them to it). esbuild splits chunks by file: every file an entry re-exports is reachable
// from each importer of the entry, so they all share one chunk with the whole area in it, and a lazy
// `import()` of an entry keeps every export. Bundled as written, `ao status` loaded all of sessions,
// config and zod (1.3 MB instead of 0.46 MB). So the plugin reads each entry's `export { … } from`
// lines and, in the bundle only, points `import { a } from ".../sessions/index.js"` at the file that
// exports `a`; a lazy `const { a, b } = await import(entry)` (also in `Promise.all([...])`, or a
// variable whose `.a` and `.b` are read) gets a module of its own that re-exports just `a` and `b`.
// Type-only names are dropped, as the compiler erases them. Names an entry declares itself, or reads
// the plugin cannot see (`import * as`, `...rest`), stay on the entry, whole.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import ts from "typescript";

const NAMESPACE = "core-entry-names";
const ENTRY = /[\\/]src[\\/]core[\\/][a-z-]+[\\/]index\.ts$/;

/** The plugin; `srcDir` is the absolute path of src/, whose files' imports of entries it rewrites. */
export function entryImports(srcDir) {
  const definitions = new Map();
  const definedIn = (entry) => {
    if (!definitions.has(entry)) definitions.set(entry, reExports(entry, readFileSync(entry, "utf8")));
    return definitions.get(entry);
  };
  return {
    name: "entry-imports",
    setup(bundler) {
      bundler.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(srcDir + sep) || ENTRY.test(args.path)) return undefined;
        const text = await readFile(args.path, "utf8");
        if (!text.includes("/index.js")) return undefined;
        const contents = bypassEntries(args.path, text, definedIn);
        return contents === text ? undefined : { contents, loader: "ts", resolveDir: dirname(args.path) };
      });
      bundler.onResolve({ filter: /\?names=/ }, (args) => ({
        path: resolve(args.resolveDir, args.path),
        namespace: NAMESPACE,
      }));
      bundler.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const [jsPath, names] = args.path.split("?names=");
        const entry = jsPath.replace(/\.js$/, ".ts");
        const lines = names.split(",").map((name) => exportLine(entry, name, definedIn(entry).get(name)));
        return { contents: lines.join("\n"), loader: "js", resolveDir: dirname(entry) };
      });
    },
  };
}

/** An entry's value re-exports: exported name → { file (absolute .ts), name in that file }. */
export function reExports(entry, text) {
  const source = ts.createSourceFile(entry, text, ts.ScriptTarget.Latest, true);
  const names = new Map();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || statement.moduleSpecifier === undefined)
      continue;
    if (statement.exportClause === undefined || !ts.isNamedExports(statement.exportClause)) continue;
    const file = resolve(dirname(entry), statement.moduleSpecifier.text.replace(/\.js$/, ".ts"));
    for (const element of statement.exportClause.elements)
      if (!element.isTypeOnly)
        names.set(element.name.text, { file, name: (element.propertyName ?? element.name).text });
  }
  return names;
}

/** The file's text with its imports of core entries pointed at the files behind them. */
export function bypassEntries(file, text, definedIn) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const entryOf = (specifier) => {
    const path = resolve(dirname(file), specifier.text.replace(/\.js$/, ".ts"));
    return ENTRY.test(path) ? path : undefined;
  };
  const visit = (node) => {
    const declaration = ts.isImportDeclaration(node) || ts.isExportDeclaration(node);
    const entry =
      declaration && node.moduleSpecifier !== undefined ? entryOf(node.moduleSpecifier) : undefined;
    if (entry !== undefined) {
      const replacement = splitDeclaration(file, node, entry, definedIn(entry));
      if (replacement !== undefined)
        edits.push({ start: node.getStart(), end: node.getEnd(), text: replacement });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      const target =
        specifier !== undefined && ts.isStringLiteral(specifier) ? entryOf(specifier) : undefined;
      const names = target === undefined ? undefined : namesTaken(node, source);
      if (names !== undefined && names.length > 0)
        edits.push({
          start: specifier.getStart(),
          end: specifier.getEnd(),
          text: lazySpecifier(file, target, names, definedIn(target)),
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits.reduceRight((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), text);
}

/** `import { a, b as c, type T } from entry` → one import per defining file; undefined: as written. */
function splitDeclaration(file, node, entry, definitions) {
  const isImport = ts.isImportDeclaration(node);
  const clause = isImport ? node.importClause : node;
  if (clause === undefined || clause.isTypeOnly) return undefined;
  const named = isImport ? clause.namedBindings : clause.exportClause;
  if ((isImport && clause.name !== undefined) || named === undefined) return undefined;
  if (!ts.isNamedImports(named) && !ts.isNamedExports(named)) return undefined;
  const byFile = new Map();
  for (const element of named.elements) {
    if (element.isTypeOnly) continue;
    const taken = (element.propertyName ?? element.name).text;
    const definition = definitions.get(taken) ?? { file: entry, name: taken };
    const list = byFile.get(definition.file) ?? [];
    list.push(
      definition.name === element.name.text ? definition.name : `${definition.name} as ${element.name.text}`,
    );
    byFile.set(definition.file, list);
  }
  const keyword = isImport ? "import" : "export";
  return [...byFile]
    .map(
      ([target, names]) =>
        `${keyword} { ${names.join(", ")} } from ${JSON.stringify(specifierOf(file, target))};`,
    )
    .join(" ");
}

/** The specifier a lazy import of `names` from `entry` gets: the defining file, or a module of its own. */
function lazySpecifier(file, entry, names, definitions) {
  const files = new Set(names.map((name) => definitions.get(name)?.file));
  const direct = names.every((name) => definitions.get(name)?.name === name) && files.size === 1;
  const target = direct ? [...files][0] : entry;
  return JSON.stringify(`${specifierOf(file, target)}${direct ? "" : `?names=${names.join(",")}`}`);
}

function exportLine(entry, name, definition) {
  const from = definition === undefined ? entry : definition.file;
  const exported =
    definition === undefined || definition.name === name ? name : `${definition.name} as ${name}`;
  return `export { ${exported} } from ${JSON.stringify(from.replace(/\.ts$/, ".js"))};`;
}

function specifierOf(file, target) {
  const path = relative(dirname(file), target).replace(/\.ts$/, ".js").split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}

/** The names read from the module an `import()` call resolves to, or undefined when not plain. */
function namesTaken(call, source) {
  let node = call.parent;
  let index;
  if (ts.isArrayLiteralExpression(node)) {
    index = node.elements.indexOf(call);
    node = node.parent.parent; // Promise.all([...]) → its await
  }
  if (!ts.isAwaitExpression(node)) return undefined;
  if (ts.isParenthesizedExpression(node.parent) && ts.isPropertyAccessExpression(node.parent.parent))
    return index === undefined ? [node.parent.parent.name.text] : undefined;
  if (!ts.isVariableDeclaration(node.parent)) return undefined;
  let binding = node.parent.name;
  if (index !== undefined)
    binding = ts.isArrayBindingPattern(binding) ? binding.elements[index]?.name : undefined;
  if (binding !== undefined && ts.isObjectBindingPattern(binding)) return propertyNames(binding);
  if (binding !== undefined && ts.isIdentifier(binding)) return propertiesRead(binding.text, source);
  return undefined;
}

/** `{ a, b: c }` → a, b; undefined with a rest element (`...others` reads every name). */
function propertyNames(pattern) {
  if (pattern.elements.some((element) => element.dotDotDotToken !== undefined)) return undefined;
  return pattern.elements.map((element) => (element.propertyName ?? element.name).getText());
}

/** Every `name.x` in the file; undefined when `name` is also used another way. */
function propertiesRead(name, source) {
  const read = new Set();
  let plain = true;
  const visit = (node) => {
    if (ts.isIdentifier(node) && node.text === name && !ts.isVariableDeclaration(node.parent)) {
      if (ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node)
        read.add(node.parent.name.text);
      else plain = false;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return plain ? [...read] : undefined;
}
