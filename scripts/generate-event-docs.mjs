// Writes docs/events.md from the event union in src/core/events/*.ts, through the TypeScript
// compiler API: each family (a member of `AoEvent`), each event type with its doc comment, each
// payload field with its type and comment. Run through `npm run docs:events`;
// test/core/events/event-docs.test.ts fails when the committed file and the union drift apart.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const INDEX = `${ROOT}src/core/events/index.ts`;
const TARGET = `${ROOT}docs/events.md`;
const FORMAT = ts.TypeFormatFlags.NoTruncation;
/** A literal union with more members than this is shown by its name and spelt out under "Shapes". */
const INLINE_LITERALS = 6;

/** The families, events and fields of the union, as plain data (the tests read it too). */
export function eventModel() {
  const program = ts.createProgram([INDEX], compilerOptions());
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(INDEX);
  const union = index?.statements.find(
    (node) => ts.isTypeAliasDeclaration(node) && node.name.text === "AoEvent",
  );
  if (union === undefined || !ts.isUnionTypeNode(union.type))
    throw new Error("AoEvent is not a union in index.ts");
  const shapes = new Map();
  const families = union.type.types.map((reference) => familyOf(checker, reference, shapes));
  return { families, shapes: [...shapes.values()] };
}

function compilerOptions() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  return { ...parsed.options, noEmit: true };
}

function familyOf(checker, reference, shapes) {
  if (!ts.isTypeReferenceNode(reference)) throw new Error("each member of AoEvent names a family type");
  let symbol = checker.getSymbolAtLocation(reference.typeName);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const type = checker.getTypeFromTypeNode(reference);
  const members = type.isUnion() ? type.types : [type];
  const declaration = symbol.declarations[0];
  return {
    name: symbol.name,
    doc: docOf(checker, symbol),
    file: relative(ROOT, declaration.getSourceFile().fileName),
    events: members.map((member) => eventOf(checker, member, declaration, shapes)),
  };
}

function eventOf(checker, member, where, shapes) {
  const typeProperty = member.getProperty("type");
  const payloadProperty = member.getProperty("payload");
  const literal = checker.getTypeOfSymbolAtLocation(typeProperty, where);
  if (!literal.isStringLiteral())
    throw new Error(`an event's type must be one string, not ${checker.typeToString(literal)}`);
  const payload = checker.getTypeOfSymbolAtLocation(payloadProperty, where);
  const fields = checker
    .getPropertiesOfType(payload)
    .map((property) => fieldOf(checker, property, where, shapes));
  const doc =
    docOf(checker, member.aliasSymbol) || docOf(checker, member.symbol) || docOf(checker, payload.symbol);
  return { type: literal.value, doc, fields };
}

function fieldOf(checker, property, where, shapes) {
  const type = checker.getTypeOfSymbolAtLocation(property, where);
  const alias = longLiteralAlias(checker, property, type);
  collectShapes(checker, type, alias, shapes);
  const text = alias?.name ?? typeText(checker, type);
  const doc = docOf(checker, property) || (type.isStringLiteral() ? `Always \`${text}\`.` : "");
  return { name: property.name, optional: (property.flags & ts.SymbolFlags.Optional) !== 0, type: text, doc };
}

/** Literal unions spelt out (`"a" | "b"`, not an alias's name); anything else as the checker writes it. */
function typeText(checker, type) {
  const parts = type.isUnion() ? type.types : [type];
  if (type.isUnion() && parts.every(isLiteral))
    return booleanFolded(parts.map((part) => checker.typeToString(part, undefined, FORMAT)));
  return checker.typeToString(type, undefined, FORMAT);
}

function isLiteral(type) {
  return type.isLiteral() || (type.flags & (ts.TypeFlags.Null | ts.TypeFlags.BooleanLiteral)) !== 0;
}

/** The alias a field is declared with (`from: SessionStatus`), when it stands for many literals. */
function longLiteralAlias(checker, property, type) {
  const node = property.declarations?.[0];
  const declared = node !== undefined && ts.isPropertySignature(node) ? node.type : undefined;
  if (declared === undefined || !ts.isTypeReferenceNode(declared)) return undefined;
  if (!type.isUnion() || type.types.length <= INLINE_LITERALS || !type.types.every(isLiteral))
    return undefined;
  const symbol = checker.getSymbolAtLocation(declared.typeName);
  return symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias
    ? checker.getAliasedSymbol(symbol)
    : symbol;
}

function booleanFolded(texts) {
  if (!texts.includes("true") || !texts.includes("false")) return texts.join(" | ");
  return ["boolean", ...texts.filter((text) => text !== "true" && text !== "false")].join(" | ");
}

/**
 * What a field's type names and the reference spells out once at its end: object types
 * (`FailingCheck[]`) with their fields, long literal unions (`SessionStatus`) with their values.
 */
function collectShapes(checker, type, alias, shapes) {
  if (alias !== undefined) {
    if (shapes.has(alias.name)) return;
    const values = type.types.map((part) => checker.typeToString(part, undefined, FORMAT));
    shapes.set(alias.name, { ...shapeBase(checker, alias), values });
    return;
  }
  const element = checker.isArrayType(type) ? checker.getTypeArguments(type)[0] : type;
  const symbol = element?.symbol;
  if (symbol === undefined || !(symbol.flags & ts.SymbolFlags.Interface) || shapes.has(symbol.name)) return;
  shapes.set(symbol.name, { ...shapeBase(checker, symbol), fields: [] });
  const where = symbol.declarations[0];
  const fields = checker
    .getPropertiesOfType(element)
    .map((property) => fieldOf(checker, property, where, shapes));
  shapes.set(symbol.name, { ...shapeBase(checker, symbol), fields });
}

function shapeBase(checker, symbol) {
  return {
    name: symbol.name,
    doc: docOf(checker, symbol),
    file: relative(ROOT, symbol.declarations[0].getSourceFile().fileName),
  };
}

/** A symbol's doc comment as one paragraph; for a type literal inside a union, the comment before it. */
function docOf(checker, symbol) {
  if (symbol === undefined) return "";
  const own = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  if (own !== "") return paragraph(own);
  const node = symbol.declarations?.[0];
  if (node === undefined || !ts.isTypeLiteralNode(node) || !ts.isUnionTypeNode(node.parent)) return "";
  const siblings = node.parent.types;
  const before = siblings[siblings.indexOf(node) - 1];
  const text = node.getSourceFile().text.slice(before?.end ?? node.parent.pos, node.getStart());
  const comment = [...text.matchAll(/\/\*\*([\s\S]*?)\*\//g)].at(-1)?.[1] ?? "";
  return paragraph(comment.replace(/^\s*\* ?/gm, ""));
}

function paragraph(text) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
}

/** The whole of docs/events.md, formatted as prettier formats the repository. */
export async function renderEventReference(model = eventModel()) {
  const lines = [
    "# Events",
    "",
    "<!-- Generated by scripts/generate-event-docs.mjs from src/core/events/*.ts (`npm run docs:events`). Do not edit: test/core/events/event-docs.test.ts fails when this file and the union differ. -->",
    "",
    "Everything ao records is an event in one append-only feed (the `events` table, docs/state.md).",
    "The events are one discriminated union on `type`, `AoEvent` in `src/core/events/`, and the",
    "store's `appendEvent` and every session and reaction change accept nothing else; this page is",
    "generated from that union. Read the feed with `ao events` (`--session`, `--type`, `--limit`,",
    "`--follow`, `--json`). A follower (`ao events --follow`, the dashboard, the control plane) keeps",
    "the `id` of the last event it read and asks for the events after it (`readFeed` in",
    "`src/core/events/event-feed.ts`), so it sees every event once and in order, across restarts.",
    "",
    'Every stored event has the same envelope; `ao events --json` prints `{ "events": [...] }` of these,',
    "and `ao events --follow --json` one per line:",
    "",
    "| field | type | meaning |",
    "| --- | --- | --- |",
    "| `id` | `number` | Increases with every event; followers keep the last one they read as their cursor. |",
    "| `sessionId` | `string \\| null` | The session it is about; null for events about no one session. |",
    "| `type` | `string` | One of the types below: `<family>.<name>`. |",
    "| `payload` | `object` | The type's fields, below. Redacted when written. |",
    "| `createdAt` | `number` | When it was written, ms since the epoch. |",
    "",
    "`ao events --type` takes a type or a family (`reaction` selects every `reaction.*`). Payload",
    "shapes are stable: fields are added, never renamed or removed.",
    "",
    ...model.families.map(
      (family) =>
        `- [${familyName(family)}](#${anchor(familyHeading(family))}): ${family.events.map((event) => `\`${event.type}\``).join(", ")}`,
    ),
    "",
  ];
  for (const family of model.families) lines.push(...familySection(family));
  if (model.shapes.length > 0) lines.push("## Shapes used above", "");
  for (const shape of model.shapes) {
    lines.push(
      `### ${shape.name}`,
      "",
      ...(shape.doc === "" ? [] : [shape.doc, ""]),
      `From \`${shape.file}\`.`,
      "",
    );
    if (shape.values !== undefined)
      lines.push(`One of ${shape.values.map((value) => `\`${value}\``).join(", ")}.`, "");
    else lines.push(...fieldTable(shape.fields), "");
  }
  const options = (await prettier.resolveConfig(TARGET)) ?? {};
  return prettier.format(lines.join("\n"), { ...options, parser: "markdown", filepath: TARGET });
}

function familyName(family) {
  return family.events[0].type.split(".")[0];
}

function familyHeading(family) {
  return `${familyName(family)}.*`;
}

function anchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");
}

function familySection(family) {
  const lines = [
    `## ${familyHeading(family)}`,
    "",
    family.doc,
    "",
    `Defined in \`${family.file}\` (\`${family.name}\`).`,
    "",
  ];
  for (const event of family.events) {
    lines.push(`### \`${event.type}\``, "", ...(event.doc === "" ? [] : [event.doc, ""]));
    lines.push(...(event.fields.length === 0 ? ["No fields."] : fieldTable(event.fields)), "");
  }
  return lines;
}

function fieldTable(fields) {
  return [
    "| field | type | meaning |",
    "| --- | --- | --- |",
    ...fields.map((field) => {
      const name = `\`${field.name}\`${field.optional ? " (optional)" : ""}`;
      return `| ${name} | \`${cell(field.type)}\` | ${cell(field.doc)} |`;
    }),
  ];
}

function cell(text) {
  return text.replaceAll("|", "\\|");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TARGET, await renderEventReference());
  process.stdout.write(`wrote ${relative(process.cwd(), TARGET)}\n`);
}
