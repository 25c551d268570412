import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { AoError, Issue } from "../../../core/plugin-api.js";
import { invalidIssue, parseIssueFile } from "./issue-file.js";

/** `12-fix-login.md` or `12.md`: the number is the issue's id. Other files (a README) are not issues. */
const ISSUE_FILE = /^(\d+)(?:-[^/]*)?\.md$/;

export interface IssueFileEntry {
  number: number;
  /** Absolute path. */
  file: string;
}

/** The issue number a file name carries, or undefined for a file that is not an issue. */
export function issueNumberOf(fileName: string): number | undefined {
  const match = ISSUE_FILE.exec(fileName);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Every issue file in `dir`, by number; a missing directory simply holds no issues. */
export async function listIssueFiles(dir: string): Promise<IssueFileEntry[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const entries: IssueFileEntry[] = [];
  for (const name of names) {
    const number = issueNumberOf(name);
    if (number !== undefined) entries.push({ number, file: join(dir, name) });
  }
  return entries.sort((a, b) => a.number - b.number || a.file.localeCompare(b.file));
}

/** The one file of issue `number`; two files with one number (a merge of two branches) is an error. */
export async function findIssueFile(dir: string, number: number): Promise<string | undefined> {
  const matches = (await listIssueFiles(dir)).filter((entry) => entry.number === number);
  if (matches.length > 1) throw duplicateNumber(number, matches);
  return matches[0]?.file;
}

export function duplicateNumber(number: number, entries: readonly IssueFileEntry[]): AoError {
  const names = entries.map((entry) => basename(entry.file));
  return invalidIssue(
    entries[0]?.file ?? "",
    1,
    `issue number ${String(number)} is used by ${String(entries.length)} files: ${names.join(", ")}`,
    "give all but one of them a new number (the next free one) by renaming the file",
  );
}

export interface LoadedIssue {
  issue: Issue;
  /** Kept beside the issue for `listIssues({ assignee })`; the Issue type has no assignee. */
  assignee?: string;
}

/** Reads and parses one issue file into the tracker's Issue. */
export async function loadIssue(entry: IssueFileEntry): Promise<LoadedIssue> {
  const fields = parseIssueFile(await readFile(entry.file, "utf8"), entry.file);
  const issue: Issue = {
    id: String(entry.number),
    title: fields.title,
    body: fields.body,
    url: pathToFileURL(entry.file).href,
    labels: fields.labels,
    state: fields.state,
    ...(fields.branch === undefined ? {} : { branchName: fields.branch }),
  };
  return fields.assignee === undefined ? { issue } : { issue, assignee: fields.assignee };
}

/** Every issue in `dir`, in number order. */
export async function loadAllIssues(dir: string): Promise<LoadedIssue[]> {
  const entries = await listIssueFiles(dir);
  const byNumber = new Map<number, IssueFileEntry[]>();
  for (const entry of entries) byNumber.set(entry.number, [...(byNumber.get(entry.number) ?? []), entry]);
  for (const [number, group] of byNumber) if (group.length > 1) throw duplicateNumber(number, group);
  return Promise.all(entries.map(loadIssue));
}
