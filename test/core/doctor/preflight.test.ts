import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { describeCheck, preflightChecks } from "../../../src/core/doctor/preflight.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

const YAML = [
  "projects:", //                     1
  "  widgets:", //                    2
  "    path: .", //                   3
  "    repo: acme/widgets", //        4
  "    agent: codex", //              5
  "    runtime: process", //          6
  "",
].join("\n");

describe("preflightChecks (what `ao start` says before its first cycle)", () => {
  it("lists what the configured plugins say cannot work, where it is configured, and nothing that is fine", async () => {
    const dir = makeTempDir("ao-preflight-");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), YAML);
    const ctx = makeTestContext({
      catalog: builtinCatalog,
      cwd: dir,
      env: {
        HOME: dir,
        PATH: makeBinDir({ link: ["tmux", "git"], fake: { "notify-send": "exit 0" } }),
        DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
        GITHUB_TOKEN: undefined,
        GH_TOKEN: undefined,
      },
    });
    const checks = await preflightChecks(ctx, await loadConfig(ctx), "linux");
    expect(checks.map((check) => [check.id, check.status])).toEqual([
      ["agent:codex", "fail"],
      ["credentials:github:github.com", "fail"],
    ]);
    expect(describeCheck(checks[0]!)).toBe(
      "codex CLI (codex): codex not found on PATH (at agent-orchestrator.yaml:5:12 projects.widgets.agent); fix: npm i -g @openai/codex",
    );
    expect(describeCheck(checks[1]!)).toContain("(at agent-orchestrator.yaml:4:11 projects.widgets.tracker)");
  });
});
