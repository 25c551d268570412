import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isUrl, repoName, resolveStartTarget } from "../../../src/core/daemon/resolve-start-target.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";

describe("resolveStartTarget", () => {
  it("passes a project id through with the config option", async () => {
    const ctx = makeTestContext();
    expect(await resolveStartTarget(ctx, { target: "app", configPath: "x.yaml" })).toEqual({
      configPath: "x.yaml",
      project: "app",
    });
    expect(await resolveStartTarget(ctx, {})).toEqual({ configPath: undefined });
  });

  it("clones a repository path once under AO_HOME/repos and writes an ao init --auto config", async () => {
    const repo = makeTestRepo();
    const ctx = makeTestContext();
    const first = await resolveStartTarget(ctx, { target: repo.origin });
    const dir = join(ctx.paths.home, "repos", "origin");
    expect(first.repoDir).toBe(dir);
    expect(first.configPath).toBe(join(dir, "agent-orchestrator.yaml"));
    expect(first.project).toBeDefined();
    expect(readFileSync(first.configPath ?? "", "utf8")).toContain(`${first.project}:`);
    expect(existsSync(join(dir, "README.md"))).toBe(true);

    const again = await resolveStartTarget(ctx, { target: repo.origin });
    expect(again).toEqual({ configPath: first.configPath, repoDir: dir });
  });

  it("tells URLs and names apart", () => {
    expect(isUrl("https://github.com/acme/widgets.git")).toBe(true);
    expect(isUrl("git@github.com:acme/widgets.git")).toBe(true);
    expect(isUrl("app")).toBe(false);
    expect(repoName("https://github.com/acme/widgets.git")).toBe("widgets");
    expect(repoName("git@github.com:acme/widgets.git")).toBe("widgets");
    expect(repoName("/srv/git/tools/")).toBe("tools");
  });
});
