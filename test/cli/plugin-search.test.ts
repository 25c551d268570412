import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeRegistry, type FakeRegistry, type PublishedVersion } from "../helpers/fake-npm-registry.js";
import { runAoAsync } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";

let registry: FakeRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

/** Search needs no tarballs: the registry's search answer is made of package.json fields. */
function published(name: string, description: string, keywords: string[]): PublishedVersion {
  return { manifest: { name, version: "1.2.0", description, keywords }, tarball: "/nonexistent.tgz" };
}

const PACKAGES = [
  published("ao-plugin-ntfy", "ntfy.sh notifier for ao", ["agent-orchestrator-plugin", "notifier"]),
  published("@acme/ao-runtime-firecracker", "firecracker microVM runtime", [
    "agent-orchestrator-plugin",
    "runtime",
  ]),
  published("ntfy-cli", "an ntfy client that is no ao plugin", ["notifier"]),
];

function env(url: string) {
  const dir = makeTempDir("ao-plugin-search-");
  return { dir, env: { AO_HOME: join(dir, "home"), HOME: dir, npm_config_registry: url } };
}

describe("ao plugin search", () => {
  it("lists only packages with ao's plugin keyword, narrowed by the words", async () => {
    registry = await startFakeRegistry(PACKAGES);
    const { dir, env: e } = env(registry.url);
    const all = await runAoAsync(["plugin", "search"], { cwd: dir, env: e });
    expect(all.exitCode).toBe(0);
    expect(all.stdout).toMatch(/^PACKAGE +VERSION +DESCRIPTION$/m);
    expect(all.stdout).toMatch(/^ao-plugin-ntfy +1\.2\.0 +ntfy\.sh notifier for ao$/m);
    expect(all.stdout).toMatch(/^@acme\/ao-runtime-firecracker +1\.2\.0 +firecracker microVM runtime$/m);
    expect(all.stdout).not.toContain("ntfy-cli");

    const ntfy = await runAoAsync(["plugin", "search", "ntfy", "--json", "--limit", "5"], {
      cwd: dir,
      env: e,
    });
    expect(JSON.parse(ntfy.stdout)).toEqual({
      query: "keywords:agent-orchestrator-plugin ntfy",
      total: 1,
      plugins: [
        {
          name: "ao-plugin-ntfy",
          version: "1.2.0",
          description: "ntfy.sh notifier for ao",
          keywords: ["agent-orchestrator-plugin", "notifier"],
          date: "2026-12-01T00:00:00.000Z",
          npm: "https://www.npmjs.com/package/ao-plugin-ntfy",
        },
      ],
    });
    expect(registry.requests.at(-1)).toBe(
      "GET /-/v1/search?text=keywords%3Aagent-orchestrator-plugin+ntfy&size=5",
    );
    const none = await runAoAsync(["plugin", "search", "kubernetes"], { cwd: dir, env: e });
    expect(none.stdout).toBe("no ao plugin on npm matches keywords:agent-orchestrator-plugin kubernetes\n");
  });

  it("refuses a bad --limit and reports an unreachable registry with a hint", async () => {
    registry = await startFakeRegistry([]);
    const url = registry.url;
    await registry.close();
    registry = undefined;
    const { dir, env: e } = env(url);
    const bad = await runAoAsync(["plugin", "search", "--limit", "0"], { cwd: dir, env: e });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--limit must be a whole number from 1 to 250, not "0"');
    const down = await runAoAsync(["plugin", "search", "x"], { cwd: dir, env: e });
    expect(down.exitCode).not.toBe(0);
    expect(down.stderr).toContain(`could not reach the npm registry at ${url.slice(0, -1)}`);
  });
});
