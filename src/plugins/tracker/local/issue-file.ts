import { LineCounter, parseDocument, stringify, type Document } from "yaml";
import { AoError, didYouMean, type IssueState } from "../../../core/plugin-api.js";

/**
 * One issue as a Markdown file: YAML front matter between `---` lines, the body after it.
 *
 * ```
 * ---
 * title: Fix the login redirect
 * labels: [bug]
 * state: open          # or closed; default open
 * branch: fix/login    # optional: the branch a session uses
 * assignee: ada        # optional
 * ---
 * After login we land on /undefined.
 * ```
 */
export interface IssueFields {
  title: string;
  body: string;
  labels: string[];
  state: IssueState;
  branch?: string;
  assignee?: string;
}

const KNOWN_KEYS = ["title", "labels", "state", "branch", "assignee"] as const;
const FENCE = /^---[ \t]*$/;

/** Parses an issue file; anything malformed is an E_ISSUE_INVALID naming the file and the line. */
export function parseIssueFile(text: string, file: string): IssueFields {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (!FENCE.test(lines[0] ?? "")) {
    throw invalidIssue(file, 1, "does not start with front matter (a `---` line)");
  }
  const close = lines.findIndex((line, index) => index > 0 && (FENCE.test(line) || line === "..."));
  if (close === -1) throw invalidIssue(file, 1, "the front matter opened here is never closed with `---`");
  const fields = parseFrontMatter(lines.slice(1, close).join("\n"), file);
  const body = lines
    .slice(close + 1)
    .join("\n")
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
  return { ...fields, body };
}

/** The file's text for `fields`; parseIssueFile gives the same fields back. */
export function renderIssueFile(fields: IssueFields): string {
  const front: Record<string, unknown> = { title: fields.title, labels: fields.labels, state: fields.state };
  if (fields.branch !== undefined) front["branch"] = fields.branch;
  if (fields.assignee !== undefined) front["assignee"] = fields.assignee;
  const body = fields.body.trimEnd();
  return `---\n${stringify(front)}---\n${body === "" ? "" : `\n${body}\n`}`;
}

function parseFrontMatter(yamlText: string, file: string): Omit<IssueFields, "body"> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  // The front matter starts on the file's second line.
  const lineAt = (offset: number | undefined): number =>
    1 + (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  const [error] = doc.errors;
  if (error) throw invalidIssue(file, lineAt(error.pos[0]), error.message.split("\n")[0] ?? error.code);
  const value: unknown = doc.toJS();
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidIssue(file, 2, "the front matter is not a map of keys (title:, labels:, state:)");
  }
  const keyLine = (key: string): number => lineAt(keyOffset(doc, key));
  return readFields(value as Record<string, unknown>, file, keyLine);
}

function readFields(
  front: Record<string, unknown>,
  file: string,
  keyLine: (key: string) => number,
): Omit<IssueFields, "body"> {
  for (const key of Object.keys(front)) {
    if ((KNOWN_KEYS as readonly string[]).includes(key)) continue;
    const suggestion = didYouMean(key, KNOWN_KEYS);
    const known = `known keys: ${KNOWN_KEYS.join(", ")}`;
    throw invalidIssue(
      file,
      keyLine(key),
      `unknown key "${key}"`,
      suggestion ? `did you mean "${suggestion}"? ${known}` : known,
    );
  }
  const title = typeof front["title"] === "number" ? String(front["title"]) : front["title"];
  if (typeof title !== "string" || title.trim() === "") {
    const line = front["title"] === undefined ? 1 : keyLine("title");
    throw invalidIssue(file, line, "an issue needs a `title:` (a line of text)");
  }
  const state = front["state"] ?? "open";
  if (state !== "open" && state !== "closed") {
    throw invalidIssue(file, keyLine("state"), `state is ${JSON.stringify(state)}; expected open or closed`);
  }
  return {
    title: title.trim(),
    labels: readLabels(front["labels"], () =>
      invalidIssue(file, keyLine("labels"), "labels must be a list of words, e.g. [bug, ui]"),
    ),
    state,
    ...optionalText(front, "branch", file, keyLine),
    ...optionalText(front, "assignee", file, keyLine),
  };
}

function readLabels(value: unknown, invalid: () => AoError): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === "string" ? [value] : value;
  if (
    !Array.isArray(list) ||
    !list.every((label) => typeof label === "string" || typeof label === "number")
  ) {
    throw invalid();
  }
  return list.map(String).filter((label) => label.trim() !== "");
}

function optionalText(
  front: Record<string, unknown>,
  key: "branch" | "assignee",
  file: string,
  keyLine: (key: string) => number,
): { branch?: string } | { assignee?: string } {
  const value = front[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== "string") throw invalidIssue(file, keyLine(key), `${key} must be text`);
  return { [key]: value };
}

/** Where `key` is written in the front matter, as an offset into the YAML text. */
function keyOffset(doc: Document.Parsed, key: string): number | undefined {
  const contents = doc.contents as {
    items?: { key?: { value?: unknown; range?: [number, number, number] } }[];
  } | null;
  return contents?.items?.find((pair) => pair.key?.value === key)?.key?.range?.[0];
}

export function invalidIssue(file: string, line: number, why: string, hint?: string): AoError {
  return new AoError("E_ISSUE_INVALID", `${file}:${String(line)}: ${why}`, {
    hint: hint ?? "fix the issue file's front matter (see docs/local-mode.md)",
    details: { file, line },
  });
}
