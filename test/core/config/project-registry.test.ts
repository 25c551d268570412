import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, type LoadContext } from "../../../src/core/config/load-config.js";
import { registryPath } from "../../../src/core/config/project-registry.js";
import { showConfig } from "../../../src/core/config/show-config.js";
import { aoPaths } from "../../../src/core/paths.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** One AO_HOME, and a context in a directory of its own holding `text` as its config. */
function aoHome() {
  const paths = aoPaths(makeTempDir("ao-home-"));
  const written: string[] = [];
  const stderr = { write: (text: string) => written.push(text) };
  const inRepo = (text: string) => {
    const dir = makeTempDir("ao-repo-");
    const file = join(dir, "agent-orchestrator.yaml");
    writeFileSync(file, text);
    const ctx = { env: { HOME: dir }, cwd: dir, catalog: builtinCatalog, paths, stderr } as LoadContext;
    return { dir, file, ctx };
  };
  return { paths, inRepo, stderr: written };
}

const project = (id: string) => `projects:\n  ${id}:\n    path: .\n`;

describe("one registry of config files per AO_HOME", () => {
  it("every command's config includes the projects of the other files this AO_HOME has loaded", async () => {
    const home = aoHome();
    const a = home.inRepo(project("alpha"));
    const b = home.inRepo(project("beta"));
    expect(Object.keys((await loadConfig(a.ctx)).config.projects)).toEqual(["alpha"]);
    const fromB = await loadConfig(b.ctx);
    expect(fromB.path).toBe(b.file);
    expect(Object.keys(fromB.config.projects).sort()).toEqual(["alpha", "beta"]);
    expect(fromB.config.projects["alpha"]?.path).toBe(a.dir);
    expect(Object.keys((await loadConfig(a.ctx)).config.projects).sort()).toEqual(["alpha", "beta"]);
    expect(JSON.parse(readFileSync(registryPath(home.paths), "utf8"))).toEqual({ configs: [a.file, b.file] });
    expect(statSync(registryPath(home.paths)).mode & 0o777).toBe(0o600);
  });

  it("skips, with a warning, a registered file that vanished or does not load", async () => {
    const home = aoHome();
    const gone = home.inRepo(project("alpha"));
    const broken = home.inRepo(project("beta"));
    const b = home.inRepo(project("gamma"));
    await loadConfig(gone.ctx);
    await loadConfig(broken.ctx);
    rmSync(gone.file);
    writeFileSync(broken.file, "projects:\n  beta:\n\tpath: .\n");
    const loaded = await loadConfig(b.ctx);
    expect(Object.keys(loaded.config.projects)).toEqual(["gamma"]);
    const warnings = home.stderr.join("");
    expect(warnings).toContain(`warning: skipped registered config ${gone.file}: the file no longer exists`);
    expect(warnings).toContain(`warning: skipped registered config ${broken.file}: `);
  });

  it("refuses a project id defined in two files, naming both", async () => {
    const home = aoHome();
    const a = home.inRepo(project("app"));
    const b = home.inRepo(project("app"));
    await loadConfig(a.ctx);
    const failure = loadConfig(b.ctx);
    await expect(failure).rejects.toMatchObject({
      code: "E_CONFIG_INVALID",
      details: { project: "app", files: [b.file, a.file] },
    });
    await expect(failure).rejects.toThrow(`project id app is defined in both ${b.file} and ${a.file}`);
  });

  it("ao config show stays about the one file", async () => {
    const home = aoHome();
    const a = home.inRepo(project("alpha"));
    const b = home.inRepo(project("beta"));
    await loadConfig(a.ctx);
    const shown = await showConfig(b.ctx, {});
    expect(Object.keys(shown.config["projects"] as object)).toEqual(["beta"]);
  });
});
