import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findConfigPath } from "../../../src/core/config/find-config-path.js";
import { describe, expect, it } from "vitest";
import { isUrl, repoName, resolveStartTarget } from "../../../src/core/daemon/resolve-start-target.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A context in `cwd` whose HOME has no ~/.agent-orchestrator/config.yaml to fall back to. */
function contextIn(cwd: string) {
  return makeTestContext({ cwd, env: { HOME: makeTempDir("ao-person-") } });
}

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

  it("sets up `ao start .` in place, where `ao spawn` from the checkout finds the config", async () => {
    const repo = makeTestRepo();
    const ctx = contextIn(repo.dir);
    const target = await resolveStartTarget(ctx, { target: "." });
    const config = join(repo.dir, "agent-orchestrator.yaml");
    expect(target).toEqual({ configPath: config, repoDir: repo.dir });
    expect(readFileSync(config, "utf8")).toContain("projects:");
    expect(existsSync(join(ctx.paths.home, "repos"))).toBe(false);
    expect(await findConfigPath(ctx)).toBe(config);
    expect(await resolveStartTarget(ctx, { target: "." })).toEqual({ configPath: config, repoDir: repo.dir });
  });

  it("with no target inside a checkout without a config, sets up its root in place", async () => {
    const repo = makeTestRepo();
    const sub = join(repo.dir, "src");
    mkdirSync(sub);
    const ctx = contextIn(sub);
    const target = await resolveStartTarget(ctx, {});
    expect(target).toEqual({ configPath: join(repo.dir, "agent-orchestrator.yaml"), repoDir: repo.dir });
    expect(existsSync(join(ctx.paths.home, "repos"))).toBe(false);
  });

  it("with no target outside any repository, or with --config, writes nothing and leaves the search to loading", async () => {
    const nowhere = contextIn(makeTempDir("ao-nowhere-"));
    expect(await resolveStartTarget(nowhere, {})).toEqual({ configPath: undefined });
    const repo = makeTestRepo();
    const named = contextIn(repo.dir);
    expect(await resolveStartTarget(named, { configPath: "nope.yaml" })).toEqual({ configPath: "nope.yaml" });
    expect(existsSync(join(repo.dir, "agent-orchestrator.yaml"))).toBe(false);
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
