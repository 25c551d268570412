import { open } from "node:fs/promises";
import { isAlias, isCollection, isPair, isScalar, type Document, type LineCounter } from "yaml";
import { AoError } from "../errors.js";
import { configIssuesError, displayPath } from "./config-issues.js";

/**
 * The largest configuration file ao reads: 1 MiB. A real file is a few KiB; parsing YAML costs about
 * forty times the text in memory, so a 50 MB value would take gigabytes before any check ran.
 */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * How many nodes aliases (`*name`, `<<: *name`) may add to the file once expanded. Sharing project
 * settings through anchors adds a few hundred; a "billion laughs" file adds billions.
 */
export const MAX_ALIAS_EXPANSION = 50_000;

function tooLargeError(file: string, bytes: number, cwd: string): AoError {
  const shown = displayPath(file, cwd);
  return new AoError(
    "E_CONFIG_INVALID",
    `${shown} is ${bytes} bytes: a configuration file may be at most ${MAX_CONFIG_BYTES} bytes (1 MiB)`,
    {
      hint: "keep large values (prompts, rules) in files of their own and point to them from the configuration",
      details: { file, bytes, limit: MAX_CONFIG_BYTES },
    },
  );
}

/** Refuses text over the limit before the YAML parser sees it. */
export function assertConfigSize(text: string, file: string, cwd: string): void {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_CONFIG_BYTES) throw tooLargeError(file, bytes, cwd);
}

/** The file's text, refused by its size on disk before a byte of it is read. */
export async function readConfigFile(file: string, cwd: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    if (size > MAX_CONFIG_BYTES) throw tooLargeError(file, size, cwd);
    const text = await handle.readFile("utf8");
    assertConfigSize(text, file, cwd);
    return text;
  } finally {
    await handle.close();
  }
}

/**
 * Refuses a document whose aliases expand past MAX_ALIAS_EXPANSION, or that names an anchor not set
 * before it, at the alias where that happens: yaml would otherwise throw a bare ReferenceError from
 * toJS. Sizes are counted per anchor (as last set before the alias, yaml's rule), never expanded.
 */
export function checkAliases(
  yaml: Document.Parsed,
  lineCounter: LineCounter,
  file: string,
  cwd: string,
): void {
  const anchors = new Map<string, number>();
  // Anchors whose node is still being walked: an alias inside its own anchor is a cycle, which toJS
  // turns into a reference, not a copy.
  const open: string[] = [];
  let added = 0;
  const fail = (offset: number, message: string): never => {
    const { line, col } = lineCounter.linePos(offset);
    const issue = { file, line, column: col, path: "", keyPath: [], message };
    throw configIssuesError("E_CONFIG_INVALID", file, [issue], cwd, ALIAS_HINT);
  };
  const size = (node: unknown): number => {
    if (isPair(node)) return size(node.key) + size(node.value);
    if (isAlias(node)) {
      if (open.includes(node.source)) return 1;
      const expanded = anchors.get(node.source);
      const at = node.range?.[0] ?? 0;
      if (expanded === undefined) fail(at, `YAML alias *${node.source} names no anchor set before it`);
      added += expanded as number;
      if (added > MAX_ALIAS_EXPANSION)
        fail(at, `YAML aliases expand to more than ${MAX_ALIAS_EXPANSION} nodes (at *${node.source})`);
      return expanded as number;
    }
    const anchor = isScalar(node) || isCollection(node) ? node.anchor : undefined;
    if (anchor !== undefined) open.push(anchor);
    let total = 1;
    if (isCollection(node)) for (const item of node.items) total += size(item);
    if (anchor !== undefined) {
      anchors.set(anchor, total);
      open.pop();
    }
    return total;
  };
  size(yaml.contents);
}

const ALIAS_HINT =
  "anchors (&name) and aliases (*name) may share settings, not multiply them: write the values out, or reuse fewer times";
