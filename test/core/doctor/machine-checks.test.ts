import { chmodSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAoHome } from "../../../src/core/doctor/check-ao-home.js";
import { checkGit } from "../../../src/core/doctor/check-git.js";
import { checkNode, compareVersions } from "../../../src/core/doctor/check-node.js";
import { aoPaths } from "../../../src/core/paths.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { makeBinDir } from "../../helpers/bin-dir.js";

const linux = { nodeVersion: "20.20.0", platform: "linux" };
const mac = { nodeVersion: "20.20.0", platform: "darwin" };

describe("checkNode", () => {
  it.each([
    ["20.19.0", "ok"],
    ["20.20.0", "ok"],
    ["v22.1.0", "ok"],
    ["20.9.0", "fail"],
    ["18.20.4", "fail"],
  ])("%s → %s", (version, status) => {
    const check = checkNode(version);
    expect(check.status).toBe(status);
    if (status === "fail") expect(check.fix).toMatch(/Node\.js 20\.19/);
  });

  it("compares versions numerically", () => {
    expect(compareVersions("20.9.0", "20.19.0")).toBe(-1);
    expect(compareVersions("20.19.0", "20.19")).toBe(0);
    expect(compareVersions("21.0.0", "20.19.0")).toBe(1);
  });
});

describe("checkGit (tmux is the runtime's own check: test/plugins/runtime/tmux-capabilities.test.ts)", () => {
  it("reports the real git with its version", async () => {
    const ctx = makeTestContext({ env: { PATH: makeBinDir({ link: ["git"] }) } });
    const git = await checkGit(ctx, linux);
    expect(git).toMatchObject({ id: "git", status: "ok" });
    expect(git.detail).toMatch(/^git version \d+\.\d+/);
  });

  it("fails with the install command when git is not on PATH", async () => {
    const ctx = makeTestContext({ env: { PATH: makeBinDir() } });
    expect(await checkGit(ctx, linux)).toMatchObject({
      status: "fail",
      detail: "git not found on PATH",
      fix: "sudo apt-get install -y git",
    });
    expect((await checkGit(ctx, mac)).fix).toBe("brew install git");
  });

  it("fails when the tool is there but broken", async () => {
    const ctx = makeTestContext({ env: { PATH: makeBinDir({ fake: { git: "echo broken >&2; exit 3" } }) } });
    const check = await checkGit(ctx, linux);
    expect(check.status).toBe("fail");
    expect(check.detail).toContain("exited with 3");
    expect(check.fix).toBe("sudo apt-get install -y git");
  });
});

describe("checkAoHome", () => {
  it("creates AO_HOME and leaves no probe file behind", async () => {
    const home = join(makeTempDir("ao-home-parent-"), "nested", "home");
    const check = await checkAoHome({ paths: aoPaths(home) });
    expect(check.status).toBe("ok");
    expect(readdirSync(home)).toEqual([]);
  });

  it.skipIf(process.getuid?.() === 0)("fails with a fix when AO_HOME is read-only", async () => {
    const home = makeTempDir("ao-home-ro-");
    mkdirSync(join(home, "locked"));
    chmodSync(join(home, "locked"), 0o500);
    const check = await checkAoHome({ paths: aoPaths(join(home, "locked")) });
    chmodSync(join(home, "locked"), 0o700);
    expect(check.status).toBe("fail");
    expect(check.fix).toContain("chmod");
  });

  it("fails when AO_HOME is a file", async () => {
    const parent = makeTempDir("ao-home-file-");
    writeFileSync(join(parent, "home"), "not a directory");
    const check = await checkAoHome({ paths: aoPaths(join(parent, "home")) });
    expect(check.status).toBe("fail");
    expect(check.detail).toMatch(/not writable \((EEXIST|ENOTDIR)\)/);
  });
});
