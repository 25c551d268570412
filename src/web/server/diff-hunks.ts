import type { DiffFile, DiffHunk } from "../api/review-types.js";

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

interface Cursor {
  file: DiffFile;
  hunk: DiffHunk | null;
  old: number;
  new: number;
}

/**
 * A unified diff as `git diff --no-color` writes it, file by file with numbered lines. Paths are
 * read from `---`/`+++`, `rename from/to` and `Binary files … differ` lines (unambiguous with
 * spaces), the `diff --git` line only when nothing else names them (a mode change).
 */
export function parseUnifiedDiff(text: string): DiffFile[] {
  const files: DiffFile[] = [];
  let at: Cursor | null = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("diff --git ")) {
      at = { file: newFile(line), hunk: null, old: 0, new: 0 };
      files.push(at.file);
    } else if (at !== null) readLine(at, line);
  }
  return files;
}

function newFile(header: string): DiffFile {
  const rest = header.slice("diff --git ".length);
  const half = rest.length > 1 ? rest.slice(0, (rest.length - 1) / 2) : rest;
  const path = Number.isInteger((rest.length - 1) / 2) ? unquote(half).replace(/^a\//, "") : rest;
  return { path, oldPath: null, status: "modified", binary: false, added: 0, removed: 0, hunks: [] };
}

function readLine(at: Cursor, line: string): void {
  const { file } = at;
  if (at.hunk !== null && readHunkLine(at, at.hunk, line)) return;
  const hunk = HUNK.exec(line);
  if (hunk !== null) {
    at.hunk = { header: line, lines: [] };
    file.hunks.push(at.hunk);
    at.old = Number(hunk[1]);
    at.new = Number(hunk[2]);
  } else if (line.startsWith("new file mode")) file.status = "added";
  else if (line.startsWith("deleted file mode")) file.status = "deleted";
  else if (line.startsWith("rename from ")) {
    file.status = "renamed";
    file.oldPath = unquote(line.slice("rename from ".length));
  } else if (line.startsWith("rename to ")) file.path = unquote(line.slice("rename to ".length));
  else if (line.startsWith("--- ")) pathOf(file, line.slice(4), "old");
  else if (line.startsWith("+++ ")) pathOf(file, line.slice(4), "new");
  else if (line.startsWith("Binary files ") || line === "GIT binary patch") binaryFile(file, line);
}

/** One line inside a hunk; false once the hunk's lines are over (the next header follows). */
function readHunkLine(at: Cursor, hunk: DiffHunk, line: string): boolean {
  const mark = line[0];
  const text = line.slice(1);
  if (mark === " ") hunk.lines.push({ kind: "context", old: at.old++, new: at.new++, text });
  else if (mark === "+") {
    hunk.lines.push({ kind: "added", old: null, new: at.new++, text });
    at.file.added += 1;
  } else if (mark === "-") {
    hunk.lines.push({ kind: "removed", old: at.old++, new: null, text });
    at.file.removed += 1;
  } else if (mark !== "\\") return false;
  return true;
}

function pathOf(file: DiffFile, raw: string, side: "old" | "new"): void {
  if (raw === "/dev/null") return;
  const path = unquote(raw.replace(/\t$/, "")).replace(/^[ab]\//, "");
  if (side === "new") file.path = path;
  else if (file.status === "deleted") file.path = path;
}

function binaryFile(file: DiffFile, line: string): void {
  file.binary = true;
  const named = /^Binary files (.+) and (.+) differ$/.exec(line);
  if (named === null) return;
  const [, before = "", after = ""] = named;
  const path = after === "/dev/null" ? before : after;
  file.path = unquote(path).replace(/^[ab]\//, "");
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", '"': '"', "\\": "\\" };

/** git's C-style quoting of a path with unusual characters (`"a/tab\there"`, octal UTF-8 bytes). */
export function unquote(path: string): string {
  if (!(path.startsWith('"') && path.endsWith('"') && path.length >= 2)) return path;
  const bytes: number[] = [];
  const body = path.slice(1, -1);
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index] ?? "";
    if (char !== "\\") {
      bytes.push(...Buffer.from(char, "utf8"));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(index + 1));
    if (octal !== null) {
      bytes.push(Number.parseInt(octal[0], 8));
      index += 3;
    } else {
      bytes.push(...Buffer.from(ESCAPES[body[index + 1] ?? ""] ?? body[index + 1] ?? "", "utf8"));
      index += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
