import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectAgents } from "../../../src/core/registry/detect-agents.js";
import { findOnPath } from "../../../src/core/find-on-path.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

function fakeBin(names: string[], mode = 0o755): string {
  const dir = makeTempDir("ao-bin-");
  for (const name of names) {
    writeFileSync(join(dir, name), "#!/bin/sh\nexit 0\n");
    chmodSync(join(dir, name), mode);
  }
  return dir;
}

describe("detectAgents", () => {
  it("finds the agent plugins' programs on PATH in catalog order (init's order of preference)", async () => {
    const first = fakeBin(["gemini", "aider"]);
    const second = fakeBin(["codex"]);
    const agents = await detectAgents({
      catalog: builtinCatalog,
      env: { PATH: [first, second].join(delimiter) },
    });
    expect(agents.map((agent) => agent.plugin)).toEqual(["codex", "aider", "gemini"]);
    expect(agents[0]).toEqual({ plugin: "codex", binary: "codex", path: join(second, "codex") });
  });

  it("maps the claude binary to the claude-code plugin", async () => {
    const agents = await detectAgents({
      catalog: builtinCatalog,
      env: { PATH: fakeBin(["claude", "opencode"]) },
    });
    expect(agents.map((agent) => agent.plugin)).toEqual(["claude-code", "opencode"]);
  });

  it("ignores files that are not executable and directories with an agent's name", async () => {
    const dir = fakeBin(["claude"], 0o644);
    mkdirSync(join(dir, "codex"));
    expect(await detectAgents({ catalog: builtinCatalog, env: { PATH: dir } })).toEqual([]);
  });

  it("finds nothing without PATH", async () => {
    expect(await detectAgents({ catalog: builtinCatalog, env: {} })).toEqual([]);
  });
});

describe("findOnPath", () => {
  it("skips relative PATH entries", async () => {
    expect(await findOnPath("sh", `.${delimiter}relative/bin`)).toBeUndefined();
    expect(await findOnPath("sh", `.${delimiter}/bin`)).toBe("/bin/sh");
  });
});
