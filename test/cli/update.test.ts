import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pack, REPO_ROOT } from "../e2e/offline-npm.js";
import { startFakeRegistry, type FakeRegistry } from "../helpers/fake-npm-registry.js";
import { runAoAsync } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";

const NAME = "agent-orchestrator";
let registry: FakeRegistry | undefined;

afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

/** This build of ao as `npm install -g --prefix <prefix>` lays it out, at version 0.1.0. */
function globalInstall(): { prefix: string; root: string; bin: string } {
  const prefix = makeTempDir("ao-update-prefix-");
  const root = join(prefix, "lib", "node_modules", NAME);
  mkdirSync(join(root, "dist"), { recursive: true });
  cpSync(join(REPO_ROOT, "bin"), join(root, "bin"), { recursive: true });
  cpSync(join(REPO_ROOT, "dist", "bundle"), join(root, "dist", "bundle"), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as Record<
    string,
    unknown
  >;
  writeFileSync(join(root, "package.json"), JSON.stringify({ ...manifest, version: "0.1.0" }));
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"));
  return { prefix, root, bin: join(root, "bin", "ao.js") };
}

/** A published agent-orchestrator whose `ao --version` says it. */
function publishedVersion(version: string) {
  const dir = makeTempDir("ao-update-pkg-");
  const manifest = { name: NAME, version, bin: { ao: "bin/ao.js" }, type: "module" };
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
  mkdirSync(join(dir, "bin"));
  writeFileSync(join(dir, "bin", "ao.js"), `#!/usr/bin/env node\nconsole.log(${JSON.stringify(version)});\n`);
  return { manifest, tarball: pack(dir, makeTempDir("ao-update-tgz-")).file };
}

function npmEnv(registryUrl: string) {
  const dir = makeTempDir("ao-update-home-");
  return {
    AO_HOME: join(dir, "ao-home"),
    HOME: dir,
    npm_config_registry: registryUrl,
    npm_config_cache: join(dir, "npm-cache"),
    npm_config_update_notifier: "false",
  };
}

describe("ao update (a global npm install)", () => {
  it("--check finds the registry's newer version; ao update installs it in the same prefix", async () => {
    registry = await startFakeRegistry([publishedVersion("0.2.0")]);
    const { prefix, root, bin } = globalInstall();
    const env = npmEnv(registry.url);

    const check = await runAoAsync(["update", "--check", "--json"], { cwd: prefix, env, bin });
    expect(check.stderr).toBe("");
    expect(check.exitCode).toBe(0);
    expect(JSON.parse(check.stdout)).toEqual({
      kind: "npm",
      root,
      name: NAME,
      current: "0.1.0",
      latest: "0.2.0",
      outdated: true,
      command: `npm install -g --prefix ${prefix} ${NAME}@0.2.0`,
    });
    expect(registry.requests).toEqual([`GET /${NAME}`]);
    expect((await runAoAsync(["update", "--check"], { cwd: prefix, env, bin })).stdout).toBe(
      `${NAME} (npm at ${root}): 0.2.0 is out (this is 0.1.0)\nupdate with: ao update\n`,
    );

    const update = await runAoAsync(["update"], { cwd: prefix, env, bin });
    expect(update.stderr).toContain(`running: npm install -g --prefix ${prefix}`);
    expect(update.exitCode).toBe(0);
    expect(update.stdout).toBe(`updated ${NAME} to 0.2.0\n`);
    expect(
      (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version,
    ).toBe("0.2.0");
    expect(registry.requests).toContain("GET /-/tarballs/agent-orchestrator-0.2.0.tgz");
    const updated = await runAoAsync(["--version"], { cwd: prefix, env, bin: join(prefix, "bin", "ao") });
    expect(updated.stdout).toBe("0.2.0\n");
  });

  it("says it is up to date and changes nothing when the registry has nothing newer", async () => {
    registry = await startFakeRegistry([publishedVersion("0.1.0")]);
    const { prefix, root, bin } = globalInstall();
    const env = npmEnv(registry.url);
    const update = await runAoAsync(["update", "--json"], { cwd: prefix, env, bin });
    expect(update.exitCode).toBe(0);
    expect(JSON.parse(update.stdout)).toMatchObject({
      outdated: false,
      updated: false,
      steps: [],
      now: "0.1.0",
    });
    expect(registry.requests).toEqual([`GET /${NAME}`]);
    expect((await runAoAsync(["update", "--check"], { cwd: prefix, env, bin })).stdout).toBe(
      `${NAME} (npm at ${root}) is up to date: 0.1.0\n`,
    );
  });

  it("fails with the registry's address and a hint when it cannot be reached", async () => {
    registry = await startFakeRegistry([]);
    const url = registry.url;
    await registry.close();
    registry = undefined;
    const { prefix, bin } = globalInstall();
    const result = await runAoAsync(["update", "--check"], { cwd: prefix, env: npmEnv(url), bin });
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`could not reach the npm registry at ${url.slice(0, -1)}`);
    expect(result.stderr).toContain("npm_config_registry");
  });
});
