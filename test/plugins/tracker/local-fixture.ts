import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { slugify } from "../../../src/core/sessions/branch-name.js";
import type { PluginContext } from "../../../src/core/registry/define-plugin.js";
import { plugin } from "../../../src/plugins/tracker/local.js";
import { renderIssueFile } from "../../../src/plugins/tracker/local/issue-file.js";
import type { IssueSeed } from "../../contracts/tracker.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

export interface LocalTrackerFixture {
  /** The project's repository (its issues live in `.ao/issues`). */
  project: string;
  issuesDir: string;
  ctx: PluginContext;
}

export function makeLocalTrackerFixture(): LocalTrackerFixture {
  const project = makeTempDir("ao-issues-");
  const base = makeTestContext({ cwd: project });
  return {
    project,
    issuesDir: join(project, ".ao", "issues"),
    ctx: { ...base, baseDir: project, project: { id: "app", path: project, defaultBranch: "main" } },
  };
}

export async function makeLocalTracker(fixture: LocalTrackerFixture, options: Record<string, unknown> = {}) {
  return plugin.create(plugin.options.parse(options), fixture.ctx);
}

/** Writes issue files as a person would: `<n>-<slug>.md`, numbered from 1 in seed order. */
export function writeSeedIssues(issuesDir: string, seeds: readonly IssueSeed[]): string[] {
  mkdirSync(issuesDir, { recursive: true });
  return seeds.map((seed, index) => {
    const file = join(issuesDir, `${String(index + 1)}-${slugify(seed.title) || "issue"}.md`);
    writeFileSync(file, renderIssueFile({ ...seed, labels: [...seed.labels] }));
    return file;
  });
}
