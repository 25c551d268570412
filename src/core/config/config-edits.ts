import { isMap, isScalar, type Document, type Node } from "yaml";
import type { KeyPath } from "./types.js";

/**
 * One change to the configuration, applied the same way to the plain data a load validates and to
 * the YAML document `ao config migrate --write` saves: so what a warning says ao does on load is
 * exactly what the migrated file says.
 */
export type ConfigEdit =
  | { readonly op: "delete"; readonly keyPath: KeyPath }
  | { readonly op: "set"; readonly keyPath: KeyPath; readonly value: unknown }
  | { readonly op: "move"; readonly from: KeyPath; readonly to: KeyPath };

type Container = Record<string | number, unknown>;

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null;
}

/** Deletes last, deepest list index first, so earlier deletions never shift the later ones. */
function ordered(edits: readonly ConfigEdit[]): ConfigEdit[] {
  const deletes = edits.filter((edit) => edit.op === "delete");
  const others = edits.filter((edit) => edit.op !== "delete");
  const last = (edit: ConfigEdit) => (edit.op === "delete" ? edit.keyPath.at(-1) : undefined);
  const index = (edit: ConfigEdit) => {
    const key = last(edit);
    return typeof key === "number" ? key : -1;
  };
  deletes.sort((a, b) => index(b) - index(a));
  return [...others, ...deletes];
}

function parentOf(root: unknown, keyPath: KeyPath, create: boolean): Container | undefined {
  let node = root;
  for (const segment of keyPath.slice(0, -1)) {
    if (!isContainer(node)) return undefined;
    if (!isContainer(node[segment])) {
      if (!create) return undefined;
      node[segment] = {};
    }
    node = node[segment];
  }
  return isContainer(node) ? node : undefined;
}

function getIn(root: unknown, keyPath: KeyPath): unknown {
  const parent = parentOf(root, keyPath, false);
  const key = keyPath.at(-1);
  return parent === undefined || key === undefined ? undefined : parent[key];
}

function setIn(root: unknown, keyPath: KeyPath, value: unknown): void {
  const parent = parentOf(root, keyPath, true);
  const key = keyPath.at(-1);
  if (parent !== undefined && key !== undefined) parent[key] = value;
}

function deleteIn(root: unknown, keyPath: KeyPath): void {
  const parent = parentOf(root, keyPath, false);
  const key = keyPath.at(-1);
  if (parent === undefined || key === undefined) return;
  if (Array.isArray(parent) && typeof key === "number") parent.splice(key, 1);
  else delete parent[key];
}

/** The data with the edits applied; `data` itself is left as it was. */
export function applyEditsToData(data: unknown, edits: readonly ConfigEdit[]): unknown {
  const copy = structuredClone(data);
  for (const edit of ordered(edits)) {
    if (edit.op === "delete") deleteIn(copy, edit.keyPath);
    else if (edit.op === "set") setIn(copy, edit.keyPath, structuredClone(edit.value));
    else {
      const value = getIn(copy, edit.from);
      deleteIn(copy, edit.from);
      setIn(copy, edit.to, value);
    }
  }
  return copy;
}

/** The same edits on the parsed YAML: moved values keep their nodes, so their comments survive. */
export function applyEditsToDocument(document: Document, edits: readonly ConfigEdit[]): void {
  for (const edit of ordered(edits)) {
    if (edit.op === "delete") deleteKeepingComments(document, edit.keyPath);
    else if (edit.op === "set") document.setIn(edit.keyPath, document.createNode(edit.value));
    else if (document.hasIn(edit.from)) {
      const node: unknown = document.getIn(edit.from, true);
      document.deleteIn(edit.from);
      document.setIn(edit.to, node);
    }
  }
}

/**
 * A comment written above a removed key belongs to what follows it as much as to the key (a file's
 * header sits above its first key): it moves to the next key, or stays with the map when none follows.
 */
function deleteKeepingComments(document: Document, keyPath: KeyPath): void {
  if (!document.hasIn(keyPath)) return;
  const parent = keyPath.length === 1 ? document.contents : document.getIn(keyPath.slice(0, -1), true);
  if (isMap(parent)) {
    const items = parent.items;
    const index = items.findIndex(
      (pair) => isScalar(pair.key) && String(pair.key.value) === String(keyPath.at(-1)),
    );
    const comment = (items[index]?.key as Node | undefined)?.commentBefore;
    if (index >= 0 && comment) {
      const next = items[index + 1]?.key as Node | undefined;
      if (next !== undefined)
        next.commentBefore = next.commentBefore ? `${comment}\n${next.commentBefore}` : comment;
      else if (keyPath.length === 1) document.commentBefore = comment;
    }
  }
  document.deleteIn(keyPath);
}
