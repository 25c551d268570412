import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createPluginRegistry } from "../../src/core/registry/plugin-registry.js";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTestContext } from "../helpers/test-context.js";

const PLUGIN = "ao-plugin-notify-file";

/** A work directory with a project whose config has comments; npm offline, with its own cache. */
function workspace(config?: string) {
  const dir = makeTempDir("plugin-cmds-");
  const project = join(dir, "project");
  mkdirSync(project);
  const file = join(project, "agent-orchestrator.yaml");
  writeFileSync(file, config ?? `# the team's config\nprojects:\n  app:\n    path: ${project} # this repo\n`);
  const env = {
    AO_HOME: join(dir, "home"),
    HOME: dir,
    npm_config_offline: "true",
    npm_config_cache: join(dir, "npm-cache"),
    npm_config_update_notifier: "false",
  };
  const ao = (args: string[], cwd = project) => runAo(args, { cwd, env });
  return { dir, project, file, env, ao };
}

function created(w: ReturnType<typeof workspace>): string {
  const run = w.ao(["plugin", "create", PLUGIN, "--slot", "notifier", "--json"], w.dir);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { dir: string }).dir;
}

describe("ao plugin create", () => {
  it("writes a notifier package whose own test passes", () => {
    const w = workspace();
    const dir = created(w);
    expect(dir).toBe(join(w.dir, PLUGIN));
    for (const file of ["package.json", "index.js", "README.md", "test/notifier.test.js"])
      expect(existsSync(join(dir, file)), file).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: PLUGIN, type: "module", keywords: ["agent-orchestrator-plugin"] });
    const tested = spawnSync(process.execPath, ["--test", "test/"], { cwd: dir, encoding: "utf8" });
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/# pass 2/);
  });

  it("refuses an unknown slot, a slot without a template and a non-empty directory", () => {
    const w = workspace();
    const unknown = w.ao(["plugin", "create", PLUGIN, "--slot", "pager"], w.dir);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("--slot takes one of runtime, agent, workspace, tracker, scm, notifier");
    const runtime = w.ao(["plugin", "create", PLUGIN, "--slot", "runtime"], w.dir);
    expect(runtime.exitCode).toBe(2);
    expect(runtime.stderr).toContain("no template for the runtime slot yet (it has: notifier)");
    const taken = w.ao(["plugin", "create", PLUGIN, "--slot", "notifier", "--dir", "project"], w.dir);
    expect(taken.exitCode).toBe(1);
    expect(taken.stderr).toContain(`${w.project} already exists and is not empty`);
  });
});

describe("ao plugin install", () => {
  it("installs a scaffold offline, names it in defaults.notifiers keeping comments, and ao loads it", async () => {
    const w = workspace();
    const dir = created(w);
    const run = w.ao(["plugin", "install", dir, "--json"]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      name: PLUGIN,
      slot: "notifier",
      config: w.file,
      use: { key: "defaults.notifiers", value: ["desktop", PLUGIN] },
    });
    const yaml = readFileSync(w.file, "utf8");
    expect(yaml).toMatch(/^# the team's config\n/);
    expect(yaml).toContain("# this repo");
    expect(yaml).toContain(`defaults:\n  notifiers:\n    - desktop\n    - ${PLUGIN}\n`);

    const listed = w.ao(["plugin", "ls", "--json"]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    const { slots } = JSON.parse(listed.stdout) as {
      slots: { slot: string; plugins: { name: string; origin: string }[] }[];
    };
    expect(slots.find((s) => s.slot === "notifier")?.plugins).toContainEqual(
      expect.objectContaining({ name: PLUGIN, origin: "package" }),
    );
    const validated = w.ao(["config", "validate"]);
    expect(validated.exitCode, validated.stderr).toBe(0);

    // A real use: the registry resolves the installed package from the config's directory.
    const ctx = makeTestContext({ cwd: w.project, catalog: builtinCatalog });
    const registry = createPluginRegistry(ctx, { baseDir: w.project });
    const notifier = await registry.resolve("notifier", PLUGIN, { file: "out/notes.jsonl" });
    await notifier.notify({ title: "PR ready", body: "app-1 opened #3", priority: "action" });
    const line = JSON.parse(readFileSync(join(w.project, "out", "notes.jsonl"), "utf8")) as object;
    expect(line).toMatchObject({ title: "PR ready", body: "app-1 opened #3", priority: "action" });
  });

  it("installs an npm pack tarball; a written defaults.notifiers changes only with --use", () => {
    const w = workspace();
    const dir = created(w);
    const packed = spawnSync("npm", ["pack", "--pack-destination", w.dir], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ...w.env },
    });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = join(w.dir, `${PLUGIN}-0.1.0.tgz`);
    const config = `projects:\n  app:\n    path: ${w.project}\ndefaults:\n  notifiers: [desktop] # only me\n`;
    writeFileSync(w.file, config);
    const kept = w.ao(["plugin", "install", tarball]);
    expect(kept.exitCode, kept.stderr).toBe(0);
    expect(kept.stdout).toContain(
      `${w.file} not changed: defaults.notifiers is already written; --use replaces it`,
    );
    expect(readFileSync(w.file, "utf8")).toBe(config);
    const used = w.ao(["plugin", "install", tarball, "--use"]);
    expect(used.exitCode, used.stderr).toBe(0);
    expect(readFileSync(w.file, "utf8")).toBe(config.replace("[desktop]", `[desktop, ${PLUGIN}]`));
    expect(existsSync(join(w.project, "node_modules", PLUGIN, "index.js"))).toBe(true);
  });

  it("leaves the config untouched when npm fails, with npm's message", () => {
    const w = workspace();
    const before = readFileSync(w.file, "utf8");
    const run = w.ao(["plugin", "install", "./no-such-plugin"]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/^error: npm install \.\/no-such-plugin failed \(exit \d+\):/m);
    expect(run.stderr).toMatch(/npm error/);
    expect(run.stderr).toContain("hint: the configuration was not changed");
    expect(readFileSync(w.file, "utf8")).toBe(before);
  });

  it("refuses a package of another slot than --slot, config untouched", () => {
    const w = workspace();
    const dir = created(w);
    const before = readFileSync(w.file, "utf8");
    const run = w.ao(["plugin", "install", dir, "--slot", "runtime"]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`it is a notifier plugin, not a runtime plugin`);
    expect(readFileSync(w.file, "utf8")).toBe(before);
  });
});
