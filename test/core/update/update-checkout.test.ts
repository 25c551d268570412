import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyUpdate } from "../../../src/core/update/apply-update.js";
import { checkForUpdate } from "../../../src/core/update/check-update.js";
import { describeInstall } from "../../../src/core/update/install-kind.js";
import { compareVersions } from "../../../src/core/update/semver.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A checkout of ao: a package whose build writes `built.txt` from `source.txt`. */
function checkout() {
  const manifest = { name: "agent-orchestrator", version: "0.1.0", scripts: { build: "node build.js" } };
  const repo = makeTestRepo({
    files: {
      "package.json": JSON.stringify(manifest),
      "build.js": "require('fs').writeFileSync('built.txt', require('fs').readFileSync('source.txt'))\n",
      "source.txt": "one\n",
      ".gitignore": "built.txt\nnode_modules\n",
    },
  });
  const other = join(makeTempDir("ao-update-other-"), "other");
  runGit(join(other, ".."), ["clone", "-q", repo.origin, other]);
  return { ...repo, other };
}

function pushUpstream(other: string, file: string, content: string): string {
  writeFileSync(join(other, file), content);
  runGit(other, ["commit", "-qam", `change ${file}`]);
  runGit(other, ["push", "-q"]);
  return runGit(other, ["rev-parse", "--short", "HEAD"]);
}

describe("ao update (a git checkout)", () => {
  it("--check counts the upstream's new commits; the update pulls, installs and builds", async () => {
    const { dir, other } = checkout();
    const ctx = makeTestContext();
    const install = describeInstall(dir);
    expect(install.kind).toBe("git");
    expect(await checkForUpdate(ctx, install)).toMatchObject({ outdated: false, behind: 0, ahead: 0 });

    const newer = pushUpstream(other, "source.txt", "two\n");
    const check = await checkForUpdate(ctx, install);
    expect(check).toMatchObject({
      kind: "git",
      outdated: true,
      behind: 1,
      ahead: 0,
      latest: newer,
      upstream: "origin/main",
    });
    const progress: string[] = [];
    const applied = await applyUpdate(ctx, install, check, (line) => progress.push(line));
    expect(applied.steps).toEqual([
      "git pull --ff-only --quiet",
      "npm install --no-audit --no-fund --loglevel=error",
      "npm run build --silent",
    ]);
    expect(progress).toEqual(applied.steps);
    expect(applied.now).toBe(newer);
    expect(readFileSync(join(dir, "built.txt"), "utf8")).toBe("two\n");
  });

  it("refuses to update over uncommitted changes, and changes nothing", async () => {
    const { dir, other } = checkout();
    const ctx = makeTestContext();
    pushUpstream(other, "source.txt", "two\n");
    writeFileSync(join(dir, "source.txt"), "mine\n");
    const install = describeInstall(dir);
    const check = await checkForUpdate(ctx, install);
    await expect(applyUpdate(ctx, install, check, () => undefined)).rejects.toMatchObject({
      code: "E_UPDATE_FAILED",
      message: `the checkout at ${dir} has uncommitted changes`,
      hint: "commit or stash them, then run ao update again",
    });
    expect(readFileSync(join(dir, "source.txt"), "utf8")).toBe("mine\n");
    expect(existsSync(join(dir, "built.txt"))).toBe(false);
  });

  it("refuses a checkout that has diverged from its upstream, saying so", async () => {
    const { dir, other } = checkout();
    const ctx = makeTestContext();
    pushUpstream(other, "source.txt", "two\n");
    writeFileSync(join(dir, "local.txt"), "local\n");
    runGit(dir, ["add", "local.txt"]);
    runGit(dir, ["commit", "-qm", "local work"]);
    const install = describeInstall(dir);
    const check = await checkForUpdate(ctx, install);
    expect(check).toMatchObject({ behind: 1, ahead: 1 });
    const failure = await applyUpdate(ctx, install, check, () => undefined).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "E_UPDATE_FAILED" });
    expect((failure as { hint?: string }).hint).toContain("commits its upstream lacks");
  });

  it("says which checkout has no upstream", async () => {
    const { dir } = checkout();
    runGit(dir, ["branch", "--unset-upstream"]);
    await expect(checkForUpdate(makeTestContext(), describeInstall(dir))).rejects.toMatchObject({
      message: `the checkout at ${dir} has no upstream branch to update from`,
    });
  });

  it("orders versions as semver does", () => {
    expect(compareVersions("0.2.0", "0.1.9")).toBeGreaterThan(0);
    expect(compareVersions("0.10.0", "0.9.0")).toBeGreaterThan(0);
    expect(compareVersions("1.0.0-rc.1", "1.0.0")).toBeLessThan(0);
    expect(compareVersions("1.0.0-rc.10", "1.0.0-rc.9")).toBeGreaterThan(0);
    expect(compareVersions("v1.2.3+build", "1.2.3")).toBe(0);
  });
});
