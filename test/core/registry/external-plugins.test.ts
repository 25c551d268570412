import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { emptyCatalog } from "../../../src/core/registry/catalog.js";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** The project's own zod, imported by absolute URL so a module in a temp dir can use it. */
const ZOD_URL = new URL("../../../node_modules/zod/index.js", import.meta.url).href;

const LOCAL_PLUGIN = `
import { z } from ${JSON.stringify(ZOD_URL)};
export const plugin = {
  slot: "notifier",
  name: "file-log",
  description: "appends notifications to an array",
  options: z.strictObject({ prefix: z.string().default("ao") }),
  create(options, ctx) {
    const sent = [];
    return {
      sent,
      baseDir: ctx.baseDir,
      async notify(n) {
        if (n.title === "boom") throw new Error("disk full");
        sent.push(options.prefix + ": " + n.title);
      },
    };
  },
};
`;

/** An ESM package plugin whose schema is duck-typed (an external plugin may bring its own zod). */
const PACKAGE_PLUGIN = `
export const plugin = {
  slot: "tracker",
  name: "example",
  description: "a tracker from npm",
  options: { safeParse: (value) => ({ success: true, data: value }) },
  create: () => ({
    getIssue: async (ref) => ({ id: ref, title: "from package", body: "", labels: [], state: "open" }),
    branchName: (issue) => "ex/" + issue.id,
    taskPrompt: (issue) => issue.title,
  }),
};
`;

function setUp() {
  const baseDir = makeTempDir("ao-config-dir-");
  const registry = createPluginRegistry(makeTestContext({ catalog: emptyCatalog() }), { baseDir });
  return { baseDir, registry };
}

const failure = async (promise: Promise<unknown>): Promise<AoError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AoError)) throw new Error(`expected an AoError, got ${String(error)}`);
  return error;
};

describe("external plugins from a local path", () => {
  it("imports the module relative to the base directory and wraps it like a built-in", async () => {
    const { baseDir, registry } = setUp();
    mkdirSync(join(baseDir, "plugins"));
    writeFileSync(join(baseDir, "plugins", "file-log.mjs"), LOCAL_PLUGIN);
    const notifier = await registry.resolve("notifier", "./plugins/file-log.mjs", { prefix: "team" });
    await notifier.notify({ title: "CI failed", body: "", priority: "action" });
    expect((notifier as unknown as { sent: string[]; baseDir: string }).sent).toEqual(["team: CI failed"]);
    expect((notifier as unknown as { baseDir: string }).baseDir).toBe(baseDir);
    const error = await failure(notifier.notify({ title: "boom", body: "", priority: "info" }));
    expect(error.message).toBe("notifier/file-log.notify failed: disk full");
  });

  it("accepts an absolute path", async () => {
    const { baseDir, registry } = setUp();
    writeFileSync(join(baseDir, "abs.mjs"), LOCAL_PLUGIN);
    await expect(registry.resolve("notifier", join(baseDir, "abs.mjs"))).resolves.toBeDefined();
  });

  it("says where it looked for a path that does not exist", async () => {
    const { baseDir, registry } = setUp();
    const error = await failure(registry.resolve("notifier", "./plugins/missing.mjs"));
    expect(error.code).toBe("E_PLUGIN_UNKNOWN");
    expect(error.message).toBe(
      `notifier plugin "./plugins/missing.mjs" not found: ${join(baseDir, "plugins/missing.mjs")} does not exist`,
    );
    expect(error.hint).toContain(`relative plugin path resolves against ${baseDir}`);
  });

  it("reports a module that throws while loading as invalid", async () => {
    const { baseDir, registry } = setUp();
    writeFileSync(join(baseDir, "broken.mjs"), 'throw new Error("syntax is fine, the top level is not");\n');
    const error = await failure(registry.resolve("notifier", "./broken.mjs"));
    expect(error.code).toBe("E_PLUGIN_INVALID");
    expect(error.message).toBe(
      'notifier plugin "./broken.mjs" failed to load: syntax is fine, the top level is not',
    );
  });

  it("rejects a module that exports no plugin definition", async () => {
    const { baseDir, registry } = setUp();
    writeFileSync(join(baseDir, "helper.mjs"), "export const notify = () => {};\n");
    const error = await failure(registry.resolve("notifier", "./helper.mjs"));
    expect(error.code).toBe("E_PLUGIN_INVALID");
    expect(error.message).toContain("the module has no named export `plugin`");
  });
});

describe("external plugins from an npm package", () => {
  function installPackage(baseDir: string, name: string, packageJson: Record<string, unknown>): string {
    const dir = join(baseDir, "node_modules", name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", ...packageJson }));
    return dir;
  }

  it("resolves the package from the base directory", async () => {
    const { baseDir, registry } = setUp();
    const dir = installPackage(baseDir, "ao-plugin-example", { type: "module", main: "index.mjs" });
    writeFileSync(join(dir, "index.mjs"), PACKAGE_PLUGIN);
    const tracker = await registry.resolve("tracker", "ao-plugin-example");
    const issue = await tracker.getIssue("12");
    expect(issue.title).toBe("from package");
    expect(tracker.branchName(issue)).toBe("ex/12");
  });

  it("resolves a scoped package through its exports map", async () => {
    const { baseDir, registry } = setUp();
    const dir = installPackage(baseDir, "@acme/ao-tracker", {
      type: "module",
      exports: { ".": "./dist/plugin.js" },
    });
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist", "plugin.js"), PACKAGE_PLUGIN);
    await expect(registry.resolve("tracker", "@acme/ao-tracker")).resolves.toBeDefined();
  });

  it("resolves an ESM-only package whose exports have only an import condition", async () => {
    const { baseDir, registry } = setUp();
    const nested = join(baseDir, "config");
    mkdirSync(nested);
    const exports = { ".": { types: "./index.d.ts", import: "./esm/index.js" } };
    const dir = installPackage(baseDir, "ao-plugin-esm", { type: "module", exports });
    mkdirSync(join(dir, "esm"));
    writeFileSync(join(dir, "esm", "index.js"), PACKAGE_PLUGIN);
    const nestedRegistry = createPluginRegistry(makeTestContext({ catalog: emptyCatalog() }), {
      baseDir: nested,
    });
    await expect(nestedRegistry.resolve("tracker", "ao-plugin-esm")).resolves.toBeDefined();
    await expect(registry.resolve("tracker", "ao-plugin-esm")).resolves.toBeDefined();
  });

  it("says where ao looks for a package that is not there, never to npm install that name", async () => {
    const { baseDir, registry } = setUp();
    const error = await failure(registry.resolve("tracker", "ao-plugin-missing"));
    expect(error.code).toBe("E_PLUGIN_UNKNOWN");
    expect(error.message).toBe('unknown tracker plugin "ao-plugin-missing"');
    expect(error.hint).toContain(`an npm package installed in node_modules at or above ${baseDir}`);
    expect(error.hint).toContain(`npm install --prefix ${baseDir} <its package name>`);
    expect(error.hint).not.toContain("npm install ao-plugin-missing");
    expect(error.cause).toBeDefined();
  });
});
