import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { makeSessionFixture } from "./session-fixture.js";

const scms = {
  scm: {
    local: () => import("../../../src/plugins/scm/local.js"),
    github: () => import("../../../src/plugins/scm/github.js"),
  },
};

async function promptWith(scmYaml: string): Promise<string> {
  const f = makeSessionFixture({ plugins: scms });
  f.writeConfig(scmYaml);
  const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
  return readFileSync(join(f.ctx.paths.prompts, session.id, "prompt.md"), "utf8");
}

describe("the agent's base rules follow the project's scm (issue 18)", () => {
  it("in local mode: commit, and ao opens the pull request; no git push, no gh", async () => {
    const prompt = await promptWith("scm: local");
    expect(prompt).toContain("Commit your work on `ao/fix-it`; do not push");
    expect(prompt).toContain("ao opens the");
    expect(prompt).not.toContain("git push -u origin");
    expect(prompt).not.toContain("gh pr create");
  });

  it("on GitHub: push the branch and open the pull request", async () => {
    const prompt = await promptWith("repo: acme/app\nscm: github");
    expect(prompt).toContain("git push -u origin ao/fix-it");
    expect(prompt).toContain("gh pr create --fill");
  });
});
