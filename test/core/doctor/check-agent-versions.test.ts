import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAgentVersions, compareVersions } from "../../../src/core/doctor/check-agent-versions.js";
import { RECORDED_VERSIONS } from "../../../src/plugins/agent/_shared/recorded-versions.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A PATH holding only a `claude` that prints `version` the way Claude Code does. */
function pathWithClaude(version: string): string {
  const bin = join(makeTempDir("ao-doctor-bin-"), "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "claude"), `#!/bin/sh\necho '${version} (Claude Code)'\n`);
  chmodSync(join(bin, "claude"), 0o755);
  return bin;
}

const versionCheck = async (version: string) => {
  const ctx = makeTestContext({
    env: { PATH: `${pathWithClaude(version)}:/usr/bin:/bin` },
    catalog: builtinCatalog,
  });
  const checks = await checkAgentVersions(ctx);
  return checks.find((check) => check.id === "agent-version:claude-code");
};

describe("ao doctor's agent CLI versions", () => {
  it("shows the installed version and passes at the recorded one", async () => {
    const check = await versionCheck(RECORDED_VERSIONS.claude);
    expect(check).toMatchObject({ status: "ok" });
    expect(check?.detail).toContain(RECORDED_VERSIONS.claude);
  });

  it("warns when the installed CLI is newer than the recordings", async () => {
    const [major, minor, patch] = RECORDED_VERSIONS.claude.split(".").map(Number);
    const newer = `${major}.${minor}.${patch! + 1}`;
    const check = await versionCheck(newer);
    expect(check).toMatchObject({ status: "warn" });
    expect(check?.detail).toContain(`${newer} is newer than ${RECORDED_VERSIONS.claude}`);
    expect(check?.fix).toContain(`npm i -g @anthropic-ai/claude-code@${RECORDED_VERSIONS.claude}`);
    expect(check?.fix).not.toContain("fixtures");
  });

  it("says nothing of a CLI that is not installed", async () => {
    const ctx = makeTestContext({ env: { PATH: makeTempDir("ao-empty-path-") }, catalog: builtinCatalog });
    expect(await checkAgentVersions(ctx)).toEqual([]);
  });

  it("compares versions by number, not by text", () => {
    expect(compareVersions("2.1.332", "2.1.197")).toBeGreaterThan(0);
    expect(compareVersions("0.61.0", "0.61.0")).toBe(0);
    expect(compareVersions("1.9.0", "1.18.33")).toBeLessThan(0);
  });
});
