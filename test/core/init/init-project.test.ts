import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../../../src/core/config/load-config.js";
import type { Ask } from "../../../src/core/context.js";
import { AoError } from "../../../src/core/errors.js";
import { initProject } from "../../../src/core/init/init-project.js";
import { configSchemaPath } from "../../../src/core/init/schema-location.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

interface WrittenProject {
  path: string;
  repo?: string;
  defaultBranch: string;
  agent: string;
  tracker: { plugin: string; apiUrl?: string };
  scm: { plugin: string; apiUrl?: string; ci?: string[] };
  postCreate?: string[];
}

function readProjects(path: string): Record<string, WrittenProject> {
  return (parse(readFileSync(path, "utf8")) as { projects: Record<string, WrittenProject> }).projects;
}

/** The whole PATH: the real git, plus fake agent CLIs by name. */
function binWith(...names: string[]): string {
  return makeBinDir({ fake: Object.fromEntries(names.map((name) => [name, "exit 0"])), link: ["git"] });
}

function answers(values: Record<string, string>): Ask & { questions: string[] } {
  const questions: string[] = [];
  const ask = (question: string, defaultValue: string) => {
    questions.push(question);
    const key = Object.keys(values).find((prefix) => question.startsWith(prefix));
    return Promise.resolve(key === undefined ? defaultValue : (values[key] ?? defaultValue));
  };
  return Object.assign(ask, { questions });
}

describe("initProject", () => {
  it("writes a config for a github.com origin from any subdirectory, named after the repository", async () => {
    const repo = makeTestRepo({
      defaultBranch: "trunk",
      originUrl: "git@github.com:acme/widgets.git",
      files: { "package.json": "{}", "package-lock.json": "{}", "src/index.ts": "" },
    });
    const ctx = makeTestContext({
      catalog: builtinCatalog,
      cwd: join(repo.dir, "src"),
      env: { PATH: binWith("codex", "claude") },
    });
    const result = await initProject(ctx, { auto: true });
    expect(result.path).toBe(join(repo.dir, "agent-orchestrator.yaml"));
    const text = readFileSync(result.path, "utf8");
    // The schema line points at AO_HOME's copy, not at the ao checkout that wrote it (issue 18).
    const schema = /^# yaml-language-server: \$schema=(.+)$/m.exec(text)?.[1];
    expect(schema).toBe(join(ctx.paths.home, "schema", "agent-orchestrator.schema.json"));
    expect(readFileSync(schema ?? "", "utf8")).toBe(readFileSync(configSchemaPath(), "utf8"));
    const projects = readProjects(result.path);
    expect(Object.keys(projects)).toEqual(["widgets"]);
    expect(projects["widgets"]).toMatchObject({
      path: ".",
      repo: "acme/widgets",
      defaultBranch: "trunk",
      agent: "claude-code",
      tracker: { plugin: "github" },
      scm: { plugin: "github" },
      postCreate: ["npm ci"],
    });
    expect(projects["widgets"]?.tracker.apiUrl).toBeUndefined();
    // GitHub runs CI itself: no local CI commands for a GitHub project.
    expect(projects["widgets"]?.scm.ci).toBeUndefined();
    const loaded = await loadConfig(ctx, { configPath: result.path });
    expect(loaded.config.projects["widgets"]).toMatchObject({
      path: repo.dir,
      repo: "acme/widgets",
      defaultBranch: "trunk",
    });
  });

  it("points tracker and scm at the API of a GitHub Enterprise host", async () => {
    const repo = makeTestRepo({ originUrl: "https://ci:s3cr3t-pass@github.acme.corp/platform/api.git" });
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } });
    const result = await initProject(ctx, { auto: true });
    const project = readProjects(result.path)["api"];
    expect(project?.tracker).toEqual({ plugin: "github", apiUrl: "https://github.acme.corp/api/v3" });
    expect(project?.scm).toEqual({ plugin: "github", apiUrl: "https://github.acme.corp/api/v3" });
    expect(readFileSync(result.path, "utf8")).not.toContain("s3cr3t");
    expect(JSON.stringify(result)).not.toContain("s3cr3t");
    const loaded = await loadConfig(ctx, { configPath: result.path });
    expect(loaded.config.projects["api"]?.scm).toEqual({
      plugin: "github",
      apiUrl: "https://github.acme.corp/api/v3",
    });
  });

  it("leaves repo as a comment for a host that is not GitHub", async () => {
    const repo = makeTestRepo({
      originUrl: "git@gitlab.com:group/sub/proj.git",
      files: { "Cargo.toml": "", "Cargo.lock": "" },
    });
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } });
    const result = await initProject(ctx, { auto: true });
    const text = readFileSync(result.path, "utf8");
    expect(text).toContain("origin is gitlab.com, which no tracker or scm plugin serves");
    expect(readProjects(result.path)["proj"]).toMatchObject({
      tracker: { plugin: "local" },
      scm: { plugin: "local", ci: ["cargo test"] },
      postCreate: ["cargo fetch --locked"],
    });
    await expect(loadConfig(ctx, { configPath: result.path })).resolves.toBeDefined();
  });

  it("offers an unlocked install only as a comment", async () => {
    const repo = makeTestRepo({ files: { "requirements.txt": "requests\n" } });
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } });
    const result = await initProject(ctx, { auto: true });
    expect(readFileSync(result.path, "utf8")).toContain("    #   - pip install -r requirements.txt\n");
    // Named after origin (the test repository's bare origin.git), not its directory (work/).
    expect(readProjects(result.path)["origin"]?.postCreate).toBeUndefined();
    const loaded = await loadConfig(ctx, { configPath: result.path });
    expect(loaded.config.projects["origin"]?.postCreate).toEqual([]);
  });

  it("uses the local tracker and scm with the test command as CI without origin, and says the agent is missing", async () => {
    const dir = join(makeTempDir("ao-init-"), "My Widgets_v2");
    mkdirSync(dir);
    runGit(dir, ["init", "-q", "--initial-branch=main"]);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ scripts: { test: "vitest run" } }));
    writeFileSync(join(dir, "package-lock.json"), "{}");
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: dir, env: { PATH: binWith() } });
    const result = await initProject(ctx, { auto: true });
    const text = readFileSync(result.path, "utf8");
    const project = readProjects(result.path)["my-widgets-v2"];
    expect(project).toMatchObject({
      agent: "claude-code",
      tracker: { plugin: "local" },
      scm: { plugin: "local", ci: ["npm test"] },
    });
    expect(project?.repo).toBeUndefined();
    expect(text).toContain("`claude` was not found on PATH");
    expect(text).toContain("`ao ci <session>` shows the runs (detected from package-lock.json)");
    expect(result.detection.origin).toEqual({ present: false, location: undefined });
    const loaded = await loadConfig(ctx, { configPath: result.path });
    expect(loaded.config.projects["my-widgets-v2"]?.scm).toEqual({ plugin: "local", ci: ["npm test"] });
  });

  it("enables local CI only with its install step: without a lockfile both stay comments, with the reason", async () => {
    const dir = join(makeTempDir("ao-init-"), "tool");
    mkdirSync(dir);
    runGit(dir, ["init", "-q", "--initial-branch=main"]);
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ scripts: { test: "xo && ava" }, devDependencies: { xo: "^1.0.0", ava: "^6.0.0" } }),
    );
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: dir, env: { PATH: binWith() } });
    const result = await initProject(ctx, { auto: true });
    const text = readFileSync(result.path, "utf8");
    const project = readProjects(result.path)["tool"];
    expect(project?.scm).toEqual({ plugin: "local" });
    expect(project?.postCreate).toBeUndefined();
    expect(text).toContain("`npm test` was detected (package.json) but is not enabled:");
    expect(text).toContain("it needs `npm install` first, which stays commented out without a lockfile");
    expect(text).toContain("      # ci:\n      #   - npm test\n");
    expect(text).toContain("    #   - npm install\n");
    await expect(loadConfig(ctx, { configPath: result.path })).resolves.toBeDefined();
  });

  it("does not default to desktop notifications where notify-send is missing, and says why", async () => {
    const repo = makeTestRepo({});
    const bare = makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } });
    const result = await initProject(bare, { auto: true, platform: "linux" });
    const text = readFileSync(result.path, "utf8");
    expect(text).toContain("# Not the default notifier here: desktop (notify-send not found on PATH");
    expect(text).toContain("# To use it: install libnotify-bin (Debian/Ubuntu) or route notifications");
    expect(parse(text)).toMatchObject({ defaults: { notifiers: [] } });
    const loaded = await loadConfig(bare, { configPath: result.path });
    expect(loaded.config.notificationRouting.urgent).toEqual([]);

    const desktop = makeBinDir({ fake: { "notify-send": "exit 0" }, link: ["git"] });
    const withDesktop = makeTestContext({
      catalog: builtinCatalog,
      cwd: repo.dir,
      env: { PATH: desktop, DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus" },
    });
    const again = await initProject(withDesktop, { auto: true, force: true, platform: "linux" });
    const written = readFileSync(again.path, "utf8");
    expect(written).not.toContain("defaults:");
    expect(written).not.toContain("Not the default notifier");
  });

  it("names the project after origin's repository, also when origin is a local path", async () => {
    const source = makeTestRepo();
    const root = makeTempDir("ao-clone-");
    const bare = join(root, "citty.git");
    runGit(root, ["clone", "-q", "--bare", source.dir, bare]);
    runGit(root, ["clone", "-q", bare, join(root, "checkout")]);
    const ctx = makeTestContext({
      catalog: builtinCatalog,
      cwd: join(root, "checkout"),
      env: { PATH: binWith() },
    });
    const result = await initProject(ctx, { auto: true });
    expect(Object.keys(readProjects(result.path))).toEqual(["citty"]);
  });

  it("offers local CI only as a comment when no test command is detected", async () => {
    const repo = makeTestRepo({
      files: { "package.json": '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}' },
    });
    runGit(repo.dir, ["remote", "remove", "origin"]);
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } });
    const result = await initProject(ctx, { auto: true });
    expect(readProjects(result.path)["work"]?.scm).toEqual({ plugin: "local" });
    expect(readFileSync(result.path, "utf8")).toContain("      # ci:\n      #   - make test\n");
    await expect(loadConfig(ctx, { configPath: result.path })).resolves.toBeDefined();
  });

  it("refuses to overwrite an existing config without force, and replaces it with force", async () => {
    const repo = makeTestRepo({ originUrl: "git@github.com:acme/widgets.git" });
    const existing = join(repo.dir, "agent-orchestrator.yml");
    writeFileSync(existing, "# mine\n");
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } });
    const refusal = await initProject(ctx, { auto: true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AoError);
    expect(refusal).toMatchObject({ code: "E_EXISTS", exitCode: 1 });
    expect((refusal as AoError).hint).toContain("--force");
    expect(readFileSync(existing, "utf8")).toBe("# mine\n");

    const result = await initProject(ctx, { auto: true, force: true });
    expect(result.path).toBe(existing);
    expect(readProjects(existing)["widgets"]?.repo).toBe("acme/widgets");
    expect(existsSync(join(repo.dir, "agent-orchestrator.yaml"))).toBe(false);
  });

  it("fails outside a repository", async () => {
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: makeTempDir("ao-not-repo-") });
    await expect(initProject(ctx, { auto: true })).rejects.toMatchObject({ code: "E_NOT_A_REPO" });
  });

  it("asks a person for id, branch and agent with the detected defaults", async () => {
    const repo = makeTestRepo({ defaultBranch: "trunk" });
    const ask = answers({ "project id": "shop", "default branch": "release/1.0", agent: "aider" });
    const ctx = {
      ...makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith("aider") } }),
      ask,
    };
    const result = await initProject(ctx);
    expect(ask.questions).toHaveLength(3);
    expect(readProjects(result.path)["shop"]).toMatchObject({ defaultBranch: "release/1.0", agent: "aider" });
    expect(result.project.agentInstalled).toBe(true);
  });

  it("asks again after an invalid answer", async () => {
    const repo = makeTestRepo();
    const replies = ["Not Valid!", "ok-id"];
    const ask: Ask = (_question, defaultValue) => Promise.resolve(replies.shift() ?? defaultValue);
    const ctx = {
      ...makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } }),
      ask,
    };
    const result = await initProject(ctx);
    expect(result.project.id).toBe("ok-id");
    expect(ctx.stderr.text()).toContain("lower-case letters");
  });

  it("gives up with a usage error after three invalid answers", async () => {
    const repo = makeTestRepo();
    const ask = answers({ agent: "not-an-agent" });
    const ctx = {
      ...makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } }),
      ask,
    };
    await expect(initProject(ctx)).rejects.toMatchObject({
      code: "E_USAGE",
      message: "no valid agent after 3 attempts",
      exitCode: 2,
    });
    expect(existsSync(join(repo.dir, "agent-orchestrator.yaml"))).toBe(false);
  });

  it("never asks with --auto", async () => {
    const repo = makeTestRepo();
    const ask = answers({});
    const ctx = {
      ...makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } }),
      ask,
    };
    await initProject(ctx, { auto: true });
    expect(ask.questions).toEqual([]);
  });

  it("quotes values YAML would otherwise misread", async () => {
    const repo = makeTestRepo({ defaultBranch: "1.0" });
    const ask = answers({ "project id": "123" });
    const ctx = {
      ...makeTestContext({ catalog: builtinCatalog, cwd: repo.dir, env: { PATH: binWith() } }),
      ask,
    };
    const result = await initProject(ctx);
    const projects = readProjects(result.path);
    expect(projects["123"]?.defaultBranch).toBe("1.0");
    const loaded = await loadConfig(ctx, { configPath: result.path });
    expect(loaded.config.projects["123"]?.defaultBranch).toBe("1.0");
  });
});
