import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { makeGitHubScmFixture } from "./github-fixture.js";

const project = (path: string, repo?: string) => ({
  id: "widgets",
  path,
  defaultBranch: "main",
  ...(repo ? { repo } : {}),
});

describe("scm/github in the built-in catalog", () => {
  it("resolves with the project's repo and answers through the configured API", async () => {
    const fixture = await makeGitHubScmFixture();
    const ctx = makeTestContext({
      catalog: builtinCatalog,
      env: fixture.ctx.env,
      home: fixture.ctx.paths.home,
    });
    const registry = createPluginRegistry(ctx, { project: project(fixture.repo, "acme/widgets") });
    const scm = await registry.resolve("scm", "github", { apiUrl: fixture.fake.apiUrl });
    expect(await scm.findPullRequest("feat/nothing")).toBeNull();
    expect(fixture.fake.requests.at(-1)?.query).toContain("head=acme%3Afeat%2Fnothing");
  });

  it("reads the repository from a GitHub remote URL when none is configured", async () => {
    const test = makeTestRepo({ originUrl: "git@github.com:acme/from-remote.git" });
    const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }), {
      project: project(test.dir),
    });
    await expect(registry.resolve("scm", "github", {})).resolves.toBeDefined();
  });

  it("says which setting is missing when the repository is unknown", async () => {
    const test = makeTestRepo();
    const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }), {
      project: project(test.dir),
    });
    const error: unknown = await registry.resolve("scm", "github", {}).catch((e: unknown) => e);
    expect(isAoError(error) && error.hint).toMatch(/repo: owner\/repo/);
  });

  it("rejects unknown options and a bad merge method", async () => {
    const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }), {
      project: project("/tmp", "a/b"),
    });
    await expect(registry.resolve("scm", "github", { mergeMethod: "octopus" })).rejects.toThrow(
      /mergeMethod/,
    );
    await expect(registry.resolve("scm", "github", { drafts: true })).rejects.toThrow(/drafts/);
  });
});
