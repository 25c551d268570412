import { mkdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { AoError, slugify, type NewIssue } from "../../../core/plugin-api.js";
import { createFileExclusive } from "../../_shared/local-files.js";
import { listIssueFiles, type IssueFileEntry } from "./issue-dir.js";
import { renderIssueFile, type IssueFields } from "./issue-file.js";

const MAX_FILE_SLUG_LENGTH = 50;
const MAX_ATTEMPTS = 1000;

/**
 * Writes a new issue file under the next free number, safely when several processes create issues
 * at once (`ao issue new` in two terminals, an agent filing follow-ups).
 *
 * A number is claimed by creating `<n>.md` exclusively (complete content, `link` semantics), which
 * fails when another process holds the same claim. Because the claim is then renamed to
 * `<n>-<slug>.md`, a late process could claim `<n>.md` again after the rename; so after claiming,
 * the directory is checked for another file with the same number, and the claim is given up if
 * there is one. Some name for number n exists from the first claim on (rename is atomic), so two
 * processes can never both keep n.
 */
export async function createIssueFile(dir: string, input: NewIssue): Promise<IssueFileEntry> {
  const text = renderIssueFile(newIssueFields(input));
  const slug = fileSlug(input.title);
  await mkdir(dir, { recursive: true });
  let number = (await highestNumber(dir)) + 1;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const claim = join(dir, `${String(number)}.md`);
    if (await createFileExclusive(claim, text)) {
      if (!(await usedByAnotherFile(dir, number, claim))) {
        const file = join(dir, `${String(number)}-${slug}.md`);
        await rename(claim, file);
        return { number, file };
      }
      await unlink(claim);
    }
    number = Math.max(number + 1, (await highestNumber(dir)) + 1);
  }
  throw new AoError("E_EXISTS", `no free issue number found in ${dir} after ${String(MAX_ATTEMPTS)} tries`, {
    hint: "check what keeps creating files in the issue directory",
  });
}

function newIssueFields(input: NewIssue): IssueFields {
  const title = input.title.replace(/\s+/g, " ").trim();
  if (title === "") {
    throw new AoError("E_USAGE", "an issue needs a title", {
      hint: 'e.g. ao issue new "Fix the login redirect"',
    });
  }
  const labels = (input.labels ?? []).map((label) => label.trim()).filter((label) => label !== "");
  return { title, body: input.body ?? "", labels: [...new Set(labels)], state: "open" };
}

function fileSlug(title: string): string {
  const slug = slugify(title).slice(0, MAX_FILE_SLUG_LENGTH).replace(/-+$/, "");
  return slug === "" ? "issue" : slug;
}

async function highestNumber(dir: string): Promise<number> {
  const entries = await listIssueFiles(dir);
  return entries.reduce((highest, entry) => Math.max(highest, entry.number), 0);
}

async function usedByAnotherFile(dir: string, number: number, claim: string): Promise<boolean> {
  const entries = await listIssueFiles(dir);
  return entries.some((entry) => entry.number === number && entry.file !== claim);
}
