import { describe, expect, it } from "vitest";
import { checkInstalledAgents } from "../../../src/core/doctor/check-agents.js";
import { emptyCatalog } from "../../../src/core/registry/catalog.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

describe("checkInstalledAgents (doctor without a configuration)", () => {
  it("lists the installed agent CLIs the catalog's agent plugins declare, in catalog order", async () => {
    const ctx = makeTestContext({
      catalog: builtinCatalog,
      env: { PATH: makeBinDir({ fake: { gemini: "exit 0", codex: "exit 0" } }) },
    });
    expect(await checkInstalledAgents(ctx, "linux")).toEqual({
      id: "agents",
      title: "agent CLIs",
      status: "ok",
      detail: "found codex (codex), gemini (gemini)",
    });
  });

  it("warns when none is installed, with the install command of the catalog's default agent", async () => {
    const ctx = makeTestContext({ catalog: builtinCatalog, env: { PATH: makeBinDir() } });
    expect(await checkInstalledAgents(ctx, "linux")).toMatchObject({
      status: "warn",
      detail: "none of claude, codex, aider, opencode, gemini found on PATH",
      fix: "npm i -g @anthropic-ai/claude-code",
    });
  });

  it("knows no agent a catalog does not have", async () => {
    const ctx = makeTestContext({
      catalog: emptyCatalog(),
      env: { PATH: makeBinDir({ fake: { claude: "exit 0" } }) },
    });
    expect(await checkInstalledAgents(ctx, "linux")).toMatchObject({
      status: "warn",
      detail: "no agent plugin of the catalog declares the CLI it runs",
    });
  });
});
