import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { positionPluginOptionsError } from "../../../src/core/config/plugin-options-error.js";
import { isAoError } from "../../../src/core/errors.js";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
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

  it("refuses an unknown author association at config load, pointing at the file, line and key", async () => {
    const dir = makeTempDir("ao-trust-");
    const yaml = [
      "projects:", //                                          1
      "  app:", //                                             2
      "    path: .", //                                        3
      "    repo: acme/widgets", //                             4
      "    scm:", //                                           5
      "      plugin: github", //                               6
      "      trustedAuthors:", //                              7
      "        associations: [OWNER, MAINTAINER]", //          8
      "",
    ].join("\n");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), yaml);
    const loaded = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
    const options = loaded.config.projects["app"]?.scm;
    const { plugin: _plugin, ...raw } = options as { plugin: string };
    const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }), {
      project: project(dir, "acme/widgets"),
    });
    const error: unknown = await registry.resolve("scm", "github", raw).catch((e: unknown) => e);
    const positioned = await positionPluginOptionsError(loaded, ["projects", "app", "scm"], error, dir);
    expect(positioned).toMatchObject({ code: "E_PLUGIN_OPTIONS", exitCode: 2 });
    expect((positioned as Error).message.split("\n")).toEqual([
      'invalid options for scm plugin "github" at projects.app.scm (1 problem):',
      "  agent-orchestrator.yaml:8:31 projects.app.scm.trustedAuthors.associations[1]: " +
        'unknown author association "MAINTAINER": expected one of OWNER, MEMBER, COLLABORATOR, ' +
        "CONTRIBUTOR, FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, MANNEQUIN, NONE",
    ]);
  });
});
