import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { makeTestRepo, runGit } from "../helpers/git-repo.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTmuxHome } from "../helpers/tmux.js";
import { eventually } from "./e2e-fixture.js";
import { readManifest, type Tarball } from "./offline-lockfile.js";
import { installOffline, pack, provideNativeAddon, REPO_ROOT } from "./offline-npm.js";

const EXAMPLE = join(REPO_ROOT, "examples", "plugin-agent-scribe");
const PLUGIN = "ao-plugin-agent-scribe";

/**
 * The plugin author's side: the example's sources in a directory of their own, ao installed from
 * its tarball (instead of the registry's `^0.1.0`), then `npm pack`, whose prepack compiles the
 * plugin with tsc against the installed `agent-orchestrator/plugin` declarations.
 */
function buildExamplePlugin(work: string, ao: Tarball): Tarball {
  const author = join(work, "author");
  cpSync(EXAMPLE, author, {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|dist)$|\.tgz$/.test(path),
  });
  const manifest = readManifest(author);
  manifest.devDependencies = { ...manifest.devDependencies, "agent-orchestrator": `file:${ao.file}` };
  writeFileSync(join(author, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  installOffline(author, [ao]);
  return pack(author, work);
}

/** A person's project: both tarballs installed as dependencies, and its agent-orchestrator.yaml. */
function installProject(work: string, tarballs: Tarball[], config: string): string {
  const project = join(work, "project");
  mkdirSync(project);
  const dependencies = Object.fromEntries(tarballs.map((t) => [t.manifest.name, `file:${t.file}`]));
  const manifest = { name: "widgets-ops", version: "1.0.0", private: true, dependencies };
  writeFileSync(join(project, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  installOffline(project, tarballs);
  provideNativeAddon(project);
  writeFileSync(join(project, "agent-orchestrator.yaml"), config);
  return project;
}

/** Packs ao, builds and installs the example plugin next to it in `work`, and uses it. */
async function exerciseInstalledPlugin(work: string): Promise<void> {
  const ao = pack(REPO_ROOT, work);
  const plugin = buildExamplePlugin(work, ao);
  const repo = makeTestRepo();
  const { home } = makeTmuxHome();
  const project = installProject(
    work,
    [ao, plugin],
    [
      "projects:",
      "  app:",
      `    path: ${repo.dir}`,
      `    agent: ${PLUGIN}`,
      "  docs:",
      `    path: ${repo.dir}`,
      "    agent:",
      `      plugin: ${PLUGIN}`,
      "      notes: README.md",
      "",
    ].join("\n"),
  );
  const userHome = makeTempDir("ao-user-");
  const ao$ = (args: string[]) => {
    const result = spawnSync(join(project, "node_modules", ".bin", "ao"), args, {
      cwd: project,
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "", HOME: userHome, AO_HOME: home, NO_COLOR: "1" },
    });
    return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  };

  const listed = ao$(["plugin", "ls", "--json"]);
  expect(listed.exitCode, listed.stderr).toBe(0);
  const { slots } = JSON.parse(listed.stdout) as {
    slots: { slot: string; plugins: { name: string; origin: string; description: string }[] }[];
  };
  expect(slots.find((group) => group.slot === "agent")?.plugins).toContainEqual({
    name: PLUGIN,
    origin: "package",
    description: "Example external agent: a script that notes its task and each message in the worktree",
  });

  const spawned = ao$(["spawn", "app", "Write down the release plan"]);
  expect(spawned.exitCode, spawned.stderr).toBe(0);
  expect(spawned.stderr).toContain(`app-1: starting ${PLUGIN}…`);
  const worktree = join(home, "projects", "app", "worktrees", "app-1");
  const notes = await eventually(() => {
    const file = join(worktree, "NOTES.md");
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
  }, "the scribe agent to write its notes");
  expect(notes).toMatch(/^# Notes\n\n## Task\n/);
  expect(notes).toContain("Write down the release plan");
  // prepareWorkspace git-ignored the notes: the worktree is clean.
  expect(runGit(worktree, ["status", "--porcelain"])).toBe("");
  const status = await eventually(() => {
    const run = ao$(["status", "--json"]);
    const [session] = (
      JSON.parse(run.stdout) as { sessions: { agent: { name: string }; activity: { state: string } }[] }
    ).sessions;
    return session?.activity.state === "idle" ? session : undefined;
  }, "the scribe agent's prompt to show as idle");
  expect(status.agent.name).toBe(PLUGIN);
  // A message reaches the script through the runtime, and the script notes it.
  const sent = ao$(["send", "app-1", "remember the changelog"]);
  expect(sent.exitCode, sent.stderr).toBe(0);
  await eventually(
    () =>
      readFileSync(join(worktree, "NOTES.md"), "utf8").includes("- remember the changelog\n")
        ? true
        : undefined,
    "the scribe agent to note the message",
  );

  // The plugin's own AoError (from the installed package's copy) reaches the person, hint included.
  const refused = ao$(["spawn", "docs", "Document the API"]);
  expect(refused.exitCode).toBe(1);
  expect(refused.stderr).toMatch(/^error: .*: the project already has a file README\.md$/m);
  expect(refused.stderr).toContain("hint: give the scribe agent another file in its `notes` option");
}

describe("the packed package and an external plugin built only against agent-orchestrator/plugin", () => {
  it(
    "installs offline; the installed ao lists the plugin and a spawn runs it",
    { timeout: 300_000 },
    async () => {
      const work = makeTempDir("ao-packed-");
      // About 200 MB of node_modules: removed within the test's time, not afterEach's 30 s.
      await exerciseInstalledPlugin(work).finally(() =>
        rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }),
      );
    },
  );

  it("imports nothing of ao but agent-orchestrator/plugin", () => {
    const sources = readdirSync(join(EXAMPLE, "src"), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts"))
      .map((name) => join(EXAMPLE, "src", name));
    expect(sources.length).toBeGreaterThan(0);
    const allowed = (file: string, specifier: string) =>
      specifier.startsWith("node:") ||
      specifier === "agent-orchestrator/plugin" ||
      specifier === "zod" ||
      (specifier.startsWith(".") && !relative(EXAMPLE, join(dirname(file), specifier)).startsWith(".."));
    for (const file of sources) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const foreign = importedFiles
        .map((imported) => imported.fileName)
        .filter((name) => !allowed(file, name));
      expect(foreign, relative(REPO_ROOT, file)).toEqual([]);
    }
  });
});
