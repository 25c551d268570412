import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AoPaths } from "../../paths.js";

/** Where a plan keeps its files: AO_HOME/plans/<plan>/. */
export function planDir(paths: Pick<AoPaths, "home">, planId: string): string {
  return join(paths.home, "plans", planId);
}

/**
 * The plan's discussion place: one Markdown file every session of the plan is told of in its
 * prompt, to read what the others wrote and append what they need to say. A file in AO_HOME works
 * with every tracker (and none) and every runtime that sees AO_HOME; the parent ticket gets the
 * outcome, not the chatter. Created once; an existing file (a resumed approval) is kept.
 */
export function ensureDiscussionFile(paths: Pick<AoPaths, "home">, planId: string, goal: string): string {
  const file = join(planDir(paths, planId), "discussion.md");
  if (existsSync(file)) return file;
  mkdirSync(planDir(paths, planId), { recursive: true });
  const header = [
    `# Discussion of plan ${planId}`,
    "",
    `Goal: ${goal.split("\n")[0] ?? ""}`,
    "",
    "Every session of this plan may read this file and append to it (`## <session>: <topic>` headings).",
    "",
  ].join("\n");
  writeFileSync(file, header, { flag: "wx" });
  return file;
}

/** A commander's name for the plan: the plan is the commander of its steps' sessions. */
export function planCommanderName(planId: string): string {
  const slug = planId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 33);
  return slug.startsWith("plan") ? slug : `plan-${slug}`;
}
