import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { emptyCatalog, SLOTS } from "../../src/core/registry/catalog.js";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import { makeTestRepo } from "../helpers/git-repo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { captureStream } from "../helpers/test-context.js";

interface Listing {
  slots: {
    slot: string;
    plugins: { name: string; description: string; origin: string; error?: string }[];
  }[];
}

describe("ao plugin ls (built binary)", () => {
  it("lists all eight slots as JSON, each built-in with a description", () => {
    const home = makeTempDir("ao-home-");
    const run = runAo(["plugin", "ls", "--json"], { cwd: home, env: { AO_HOME: home } });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const listing = JSON.parse(run.stdout) as Listing;
    expect(listing.slots.map((group) => group.slot)).toEqual([...SLOTS]);
    for (const plugin of listing.slots.flatMap((group) => group.plugins)) {
      expect(plugin.name).toMatch(/^[a-z0-9-]+$/);
      expect(plugin.description).not.toBe("");
      expect(plugin.origin).toBe("built-in");
      expect(plugin.error).toBeUndefined();
    }
  });

  it("prints a table in which every slot appears", () => {
    const home = makeTempDir("ao-home-");
    const run = runAo(["plugin", "ls"], { cwd: home, env: { AO_HOME: home } });
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^SLOT\s+NAME\s+ORIGIN\s+DESCRIPTION$/);
    for (const slot of SLOTS) expect(lines.some((line) => line.startsWith(`${slot} `))).toBe(true);
  });
});

describe("ao plugin ls (in process)", () => {
  it("marks a slot without built-ins", async () => {
    const home = makeTempDir("ao-home-");
    const stdout = captureStream();
    const argv = ["plugin", "ls"];
    const options = { env: { AO_HOME: home }, cwd: home, stderr: captureStream(), version: "0.0.0-test" };
    expect(await runCli({ argv, stdout, catalog: emptyCatalog(), ...options })).toBe(0);
    expect(stdout.text()).toMatch(/^lifecycle\s+\(none built in yet\)/m);
  });

  it("still lists a built-in that fails to load, and exits 1 with the reason on stderr", async () => {
    const home = makeTempDir("ao-home-");
    const [stdout, stderr] = [captureStream(), captureStream()];
    const catalog = {
      ...emptyCatalog(),
      runtime: { tmux: () => Promise.reject(new Error("dist is incomplete")) },
    };
    const exitCode = await runCli({
      argv: ["plugin", "ls"],
      env: { AO_HOME: home },
      cwd: home,
      stdout,
      stderr,
      catalog,
      version: "0.0.0-test",
    });
    expect(exitCode).toBe(1);
    expect(stdout.text()).toMatch(/^runtime\s+tmux\s+built-in\s+\(failed to load\)$/m);
    expect(stderr.text()).toBe('error: built-in runtime plugin "tmux" failed to load: dist is incomplete\n');
  });
});

/** A local agent plugin that imports nothing (its options schema is duck-typed). */
const LOCAL_AGENT = `export const plugin = {
  slot: "agent",
  name: "scripted",
  description: "a scripted agent from a file",
  options: { safeParse: (value) => ({ success: true, data: value }) },
  create: () => ({ launch: async () => ({ argv: ["true"], env: {} }), activity: async () => ({ activity: "idle" }) }),
};
`;

describe("ao plugin ls with a configuration (in process)", () => {
  function configured(projectLines: string) {
    const repo = makeTestRepo();
    const dir = makeTempDir("ao-plugin-ls-");
    writeFileSync(join(dir, "scripted.mjs"), LOCAL_AGENT);
    writeFileSync(
      join(dir, "agent-orchestrator.yaml"),
      `projects:\n  app:\n    path: ${repo.dir}\n${projectLines}`,
    );
    const [stdout, stderr] = [captureStream(), captureStream()];
    const run = (argv: string[]) =>
      runCli({
        argv,
        env: { AO_HOME: join(dir, "home") },
        cwd: dir,
        stdout,
        stderr,
        catalog: builtinCatalog,
        version: "0.0.0-test",
      });
    return { dir, stdout, stderr, run };
  }

  it("lists the external plugins the configuration names beside the built-ins, with their origin", async () => {
    const f = configured("    agent: ./scripted.mjs\n");
    expect(await f.run(["plugin", "ls", "--json"])).toBe(0);
    const listing = JSON.parse(f.stdout.text()) as Listing;
    const agents = listing.slots.find((group) => group.slot === "agent")?.plugins ?? [];
    expect(agents.at(-1)).toEqual({
      name: "./scripted.mjs",
      description: "a scripted agent from a file",
      origin: "file",
    });
    expect(agents.slice(0, -1).every((plugin) => plugin.origin === "built-in")).toBe(true);
  });

  it("says why a configuration does not load, with its file and line, and exits 2", async () => {
    const f = configured("    agnet: ./scripted.mjs\n");
    expect(await f.run(["plugin", "ls"])).toBe(2);
    expect(f.stderr.text()).toMatch(/agent-orchestrator\.yaml:4:\d+ projects\.app\.agnet/);
    expect(f.stdout.text()).toBe("");
  });

  it("lists a configured package that is not installed as failed, and exits 1 with the reason", async () => {
    const f = configured("    agent: ao-agent-nowhere\n");
    expect(await f.run(["plugin", "ls"])).toBe(1);
    expect(f.stdout.text()).toMatch(/^agent\s+ao-agent-nowhere\s+package\s+\(failed to load\)$/m);
    expect(f.stderr.text()).toContain('error: unknown agent plugin "ao-agent-nowhere"');
  });
});
