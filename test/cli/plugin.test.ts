import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { emptyCatalog, SLOTS } from "../../src/core/registry/catalog.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { captureStream } from "../helpers/test-context.js";

interface Listing {
  slots: { slot: string; plugins: { name: string; description: string; error?: string }[] }[];
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
      expect(plugin.error).toBeUndefined();
    }
  });

  it("prints a table in which every slot appears", () => {
    const home = makeTempDir("ao-home-");
    const run = runAo(["plugin", "ls"], { cwd: home, env: { AO_HOME: home } });
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^SLOT\s+NAME\s+DESCRIPTION$/);
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
    expect(stdout.text()).toMatch(/^runtime\s+tmux\s+\(failed to load\)$/m);
    expect(stderr.text()).toBe('error: built-in runtime plugin "tmux" failed to load: dist is incomplete\n');
  });
});
