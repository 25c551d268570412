import { readFile, rename, writeFile } from "node:fs/promises";
import type { IssueUpdate } from "../../../core/plugin-api.js";
import type { IssueFileEntry } from "./issue-dir.js";
import { parseIssueFile, renderIssueFile } from "./issue-file.js";

/**
 * Comments on a local issue and/or sets its state. A comment is appended to the body under a
 * `## Comment (<date>)` heading, so the file stays one readable Markdown document; the file is
 * rewritten whole through a temporary file and a rename, so a reader never sees half of it.
 */
export async function updateIssueFile(entry: IssueFileEntry, update: IssueUpdate, at: Date): Promise<void> {
  const fields = parseIssueFile(await readFile(entry.file, "utf8"), entry.file);
  const comment = update.comment?.trim() ?? "";
  const body =
    comment === ""
      ? fields.body
      : `${fields.body.trimEnd()}${fields.body.trim() === "" ? "" : "\n\n"}## Comment (${at.toISOString()})\n\n${comment}`;
  const next = { ...fields, body, state: update.state ?? fields.state };
  const temporary = `${entry.file}.${String(process.pid)}.tmp`;
  await writeFile(temporary, renderIssueFile(next));
  await rename(temporary, entry.file);
}
