import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DoctorHost } from "../../../src/core/doctor/check.js";
import { runDoctor } from "../../../src/core/doctor/run-doctor.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { INIT_PLUGINS, stubCatalog } from "./stub-catalog.js";

const host: DoctorHost = { nodeVersion: "20.19.0", platform: "linux" };

/** Two local-mode projects, as `ao init --auto` writes them for a repository without a remote. */
const LOCAL_PROJECTS = `
projects:
  app:
    path: .
    agent: claude-code
    tracker:
      plugin: local
    scm:
      plugin: local
  docs:
    path: .
    agent: claude-code
    tracker: local
    scm: local
`;

function localModeContext() {
  const { dir } = makeTestRepo();
  writeFileSync(join(dir, "agent-orchestrator.yaml"), LOCAL_PROJECTS);
  writeFileSync(join(dir, ".gitconfig"), "[user]\n\tname = Doctor Test\n\temail = doctor@example.test\n");
  const stubs = stubCatalog(INIT_PLUGINS);
  // The real local plugins: they refuse to load without the project they serve.
  const catalog = {
    ...stubs,
    tracker: { ...stubs.tracker, local: builtinCatalog.tracker["local"]! },
    scm: { ...stubs.scm, local: builtinCatalog.scm["local"]! },
  };
  const PATH = makeBinDir({ link: ["git", "tmux"], fake: { claude: "exit 0" } });
  return makeTestContext({
    cwd: dir,
    catalog,
    env: { HOME: dir, GITHUB_TOKEN: undefined, GH_TOKEN: undefined, AO_CONFIG_PATH: undefined, PATH },
  });
}

describe("checkPlugins in local mode", () => {
  it("resolves tracker/local and scm/local for each project that names them", async () => {
    const ctx = localModeContext();
    const report = await runDoctor(ctx, { host });
    const plugins = report.checks.filter((check) => check.id.startsWith("plugin"));
    expect(plugins).toEqual([expect.objectContaining({ id: "plugins", status: "ok" })]);
    expect(plugins[0]?.detail).toContain("tracker local");
    expect(plugins[0]?.detail).toContain("scm local");
    expect(report.ok).toBe(true);
  });
});
