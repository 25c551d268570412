import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configCacheEntryPath } from "../../../src/core/config/config-cache.js";
import { loadConfig, type LoadContext } from "../../../src/core/config/load-config.js";
import { locateKeyPath } from "../../../src/core/config/locate-key-path.js";
import { positionPluginOptionsError } from "../../../src/core/config/plugin-options-error.js";
import { maskedConfig } from "../../../src/core/config/show-config.js";
import { AoError, isAoError } from "../../../src/core/errors.js";
import { aoPaths } from "../../../src/core/paths.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

const CONFIG = [
  "projects:", //                                             1
  "  app:", //                                                2
  "    path: ~/app", //                                       3
  "    agent:", //                                            4
  "      plugin: command", //                                 5
  '      argv: [my-agent, "{promptFile}"]', //                6
  "",
].join("\n");

interface World {
  dir: string;
  file: string;
  aoHome: string;
  ctx: LoadContext;
}

/** A config file and an AO_HOME, with a build id so that the cache is on (it is off from source). */
function makeWorld(text = CONFIG, overrides: Partial<LoadContext> = {}): World {
  const dir = makeTempDir("ao-config-");
  const aoHome = makeTempDir("ao-home-");
  const file = join(dir, "agent-orchestrator.yaml");
  writeFileSync(file, text);
  const ctx: LoadContext = {
    catalog: builtinCatalog,
    cwd: dir,
    env: { HOME: "/home/someone" },
    paths: aoPaths(aoHome),
    buildId: "test-build-1",
    ...overrides,
  };
  return { dir, file, aoHome, ctx };
}

const entryOf = (world: World) => configCacheEntryPath(world.aoHome, world.file);

async function loadError(promise: Promise<unknown>): Promise<AoError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  return error;
}

describe("loadConfig's cache of validated configurations", () => {
  it("answers a second load of the same file from the cache, with the same configuration", async () => {
    const world = makeWorld();
    const first = await loadConfig(world.ctx);
    const second = await loadConfig(world.ctx);
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(second.config).toEqual(first.config);
    expect(second.config.projects["app"]?.path).toBe("/home/someone/app");
    expect(second.path).toBe(world.file);
  });

  it("keeps the entry private: directory 0700, file 0600, no temporary files left", async () => {
    const world = makeWorld();
    await loadConfig(world.ctx);
    const entry = entryOf(world);
    expect(statSync(entry).mode & 0o777).toBe(0o600);
    expect(statSync(join(entry, "..")).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(entry, ".."))).toEqual([entry.split("/").pop()]);
  });

  it("misses when a byte of the file changes", async () => {
    const world = makeWorld();
    await loadConfig(world.ctx);
    writeFileSync(world.file, CONFIG.replace("my-agent", "my-agenT"));
    const changed = await loadConfig(world.ctx);
    expect(changed.fromCache).toBe(false);
    expect(changed.config.projects["app"]?.agent["argv"]).toEqual(["my-agenT", "{promptFile}"]);
    expect((await loadConfig(world.ctx)).fromCache).toBe(true);
  });

  it("misses when HOME (which ~ expands to) or the build changes", async () => {
    const world = makeWorld();
    await loadConfig(world.ctx);
    const otherHome = await loadConfig({ ...world.ctx, env: { HOME: "/home/other" } });
    expect(otherHome.fromCache).toBe(false);
    expect(otherHome.config.projects["app"]?.path).toBe("/home/other/app");
    const rebuilt = await loadConfig({ ...world.ctx, env: { HOME: "/home/other" }, buildId: "test-build-2" });
    expect(rebuilt.fromCache).toBe(false);
  });

  it("misses when the catalog's plugin defaults differ (they fill in what the file does not name)", async () => {
    const world = makeWorld();
    const first = await loadConfig(world.ctx);
    const catalog = { ...builtinCatalog, defaults: { ...builtinCatalog.defaults, runtime: "other-runtime" } };
    const other = await loadConfig({ ...world.ctx, catalog });
    expect(other.fromCache).toBe(false);
    expect(other.config.projects["app"]?.runtime).toEqual({ plugin: "other-runtime" });
    expect(first.config.projects["app"]?.runtime).toEqual({ plugin: "tmux" });
    expect((await loadConfig({ ...world.ctx, catalog })).fromCache).toBe(true);
  });

  it("misses for the same text at another path (relative paths resolve against its directory)", async () => {
    const world = makeWorld("projects:\n  app:\n    path: .\n");
    await loadConfig(world.ctx);
    const other = makeWorld("projects:\n  app:\n    path: .\n", { paths: world.ctx.paths });
    // Two files with project `app` in one AO_HOME clash in the registry (project-registry.test.ts).
    const loaded = await loadConfig(other.ctx, { registered: false });
    expect(loaded.fromCache).toBe(false);
    expect(loaded.config.projects["app"]?.path).toBe(other.dir);
  });

  it("never writes a configuration that uses ${VAR}: the values may be secrets", async () => {
    const text = "projects:\n  app:\n    path: .\n    agentRules: ${SECRET_RULES}\n";
    const world = makeWorld(text, { env: { HOME: "/home/someone", SECRET_RULES: "hunter2" } });
    const first = await loadConfig(world.ctx);
    expect(first.config.projects["app"]?.agentRules).toBe("hunter2");
    expect((await loadConfig(world.ctx)).fromCache).toBe(false);
    expect(existsSync(entryOf(world))).toBe(false);
    expect(existsSync(join(world.aoHome, "cache", "config"))).toBe(false);
  });

  it("does a full load over a corrupt or foreign entry, then rewrites it", async () => {
    const world = makeWorld();
    await loadConfig(world.ctx);
    for (const corrupt of ["{not json", "null", JSON.stringify({ key: "another", config: {} })]) {
      writeFileSync(entryOf(world), corrupt);
      const loaded = await loadConfig(world.ctx);
      expect(loaded.fromCache).toBe(false);
      expect(loaded.config.projects["app"]?.id).toBe("app");
      expect((JSON.parse(readFileSync(entryOf(world), "utf8")) as { key: string }).key).toMatch(
        /^[0-9a-f]{64}$/,
      );
      expect((await loadConfig(world.ctx)).fromCache).toBe(true);
    }
  });

  it("loads as usual when AO_HOME cannot be written", async () => {
    const blocker = join(makeTempDir("ao-home-"), "a-file");
    writeFileSync(blocker, "");
    const world = makeWorld(CONFIG, { paths: aoPaths(blocker) });
    expect((await loadConfig(world.ctx)).fromCache).toBe(false);
    expect((await loadConfig(world.ctx)).fromCache).toBe(false);
  });

  it("never caches an invalid file: every load reports the same errors", async () => {
    const world = makeWorld("projects:\n  app:\n    path: .\n    agent: 42\n");
    const first = await loadError(loadConfig(world.ctx));
    const second = await loadError(loadConfig(world.ctx));
    expect(first.code).toBe("E_CONFIG_INVALID");
    expect(second.message).toBe(first.message);
    expect(existsSync(entryOf(world))).toBe(false);
  });

  it("is off without AO_HOME, and skipped on request (ao config validate)", async () => {
    const world = makeWorld();
    const { paths: _paths, ...withoutHome } = world.ctx;
    await loadConfig(withoutHome);
    expect(existsSync(entryOf(world))).toBe(false);
    await loadConfig(world.ctx);
    expect((await loadConfig(world.ctx, { readCache: false })).fromCache).toBe(false);
  });
});

describe("the document of a cached configuration", () => {
  const registryError = () =>
    new AoError("E_PLUGIN_OPTIONS", 'invalid options for agent plugin "command": …', {
      hint: "fix the agent plugin's options",
      details: {
        slot: "agent",
        plugin: "command",
        issues: [
          { path: "argv[1]", keyPath: ["argv", 1], message: "bad placeholder" },
          { path: "idlePattern", keyPath: ["idlePattern"], message: "required" },
        ],
      },
    });

  it("points plugin option errors at file:line:column exactly as a full load does", async () => {
    const world = makeWorld();
    const full = await loadConfig(world.ctx);
    const cached = await loadConfig(world.ctx);
    expect(cached.fromCache).toBe(true);
    const keyPath = ["projects", "app", "agent"];
    const fromFull = await positionPluginOptionsError(full, keyPath, registryError(), world.dir);
    const fromCache = await positionPluginOptionsError(cached, keyPath, registryError(), world.dir);
    expect((fromCache as Error).message).toBe((fromFull as Error).message);
    expect((fromCache as Error).message.split("\n")).toEqual([
      'invalid options for agent plugin "command" at projects.app.agent (2 problems):',
      "  agent-orchestrator.yaml:6:24 projects.app.agent.argv[1]: bad placeholder",
      "  agent-orchestrator.yaml:4:5 projects.app.agent.idlePattern: required",
    ]);
    expect(await locateKeyPath(cached, ["projects", "app", "path"])).toEqual({
      file: world.file,
      line: 3,
      column: 11,
    });
  });

  it("is parsed from the text read at load time, not from the file as it is now", async () => {
    const world = makeWorld();
    await loadConfig(world.ctx);
    const cached = await loadConfig(world.ctx);
    writeFileSync(world.file, "\n\n\n" + CONFIG);
    expect(await locateKeyPath(cached, ["projects", "app", "path"])).toMatchObject({ line: 3 });
    expect(await maskedConfig(cached)).toMatchObject({ projects: { app: { path: "/home/someone/app" } } });
  });
});

describe("what JSON cannot hold", () => {
  it("does not cache a file whose plugin options hold .inf or .nan", async () => {
    const text = "projects:\n  app:\n    path: .\n    runtime: {plugin: tmux, width: .inf}\n";
    const world = makeWorld(text);
    const first = await loadConfig(world.ctx);
    expect(first.config.projects["app"]?.runtime["width"]).toBe(Infinity);
    expect(existsSync(entryOf(world))).toBe(false);
    expect((await loadConfig(world.ctx)).fromCache).toBe(false);
  });

  it("loads a file whose plugin options refer to themselves (a YAML alias), and does not cache it", async () => {
    const text =
      "projects:\n  app:\n    path: .\n    agent:\n      plugin: claude-code\n      extra: &a\n        self: *a\n";
    const world = makeWorld(text);
    const first = await loadConfig(world.ctx);
    expect(first.config.projects["app"]?.agent["plugin"]).toBe("claude-code");
    expect(existsSync(entryOf(world))).toBe(false);
  });
});

describe("where entries may live", () => {
  it("neither reads nor writes through a cache directory others can write to", async () => {
    const world = makeWorld();
    await loadConfig(world.ctx);
    const dir = join(entryOf(world), "..");
    chmodSync(dir, 0o777);
    expect((await loadConfig(world.ctx)).fromCache).toBe(false);
    writeFileSync(world.file, `${CONFIG}# edited\n`);
    const before = readFileSync(entryOf(world), "utf8");
    await loadConfig(world.ctx);
    expect(readFileSync(entryOf(world), "utf8")).toBe(before);
  });

  it("neither reads nor writes through a symlinked cache directory", async () => {
    const world = makeWorld();
    const elsewhere = makeTempDir("ao-elsewhere-");
    chmodSync(elsewhere, 0o700);
    mkdirSync(join(world.aoHome, "cache"), { recursive: true });
    symlinkSync(elsewhere, join(world.aoHome, "cache", "config"));
    await loadConfig(world.ctx);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect((await loadConfig(world.ctx)).fromCache).toBe(false);
  });
});
