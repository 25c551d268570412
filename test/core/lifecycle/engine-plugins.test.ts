import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { createEnginePlugins } from "../../../src/core/lifecycle/engine-plugins.js";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import type { Lifecycle } from "../../../src/core/slots/index.js";
import { plugin as coreLifecycle } from "../../../src/plugins/lifecycle/core.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { defaultsOnlyCatalog, makeTestContext } from "../../helpers/test-context.js";

/** A lifecycle that says who it is: the engine must use the one the configuration chose. */
function namedLifecycle(name: string) {
  const decide: Lifecycle["decide"] = () => {
    throw new Error(`${name} decides nothing in this test`);
  };
  return definePlugin({
    slot: "lifecycle",
    name,
    description: `the ${name} lifecycle`,
    options: z.strictObject({ tag: z.string().default("none") }),
    create: (options) => ({ decide, name, tag: options.tag }) as unknown as Lifecycle,
  });
}

describe("the engine's lifecycle plugin comes from the configuration", () => {
  it("uses a project's lifecycle (with its options), else defaults.lifecycle, else the catalog's default", async () => {
    const dir = makeTempDir("ao-config-");
    writeFileSync(
      join(dir, "agent-orchestrator.yaml"),
      [
        "defaults:",
        "  lifecycle: strict",
        "projects:",
        "  app:",
        "    path: .",
        "    lifecycle: { plugin: custom, tag: app }",
        "  web:",
        "    path: .",
        "",
      ].join("\n"),
    );
    const catalog = {
      ...defaultsOnlyCatalog(),
      lifecycle: {
        core: () => Promise.resolve({ plugin: coreLifecycle }),
        custom: () => Promise.resolve({ plugin: namedLifecycle("custom") }),
        strict: () => Promise.resolve({ plugin: namedLifecycle("strict") }),
      },
    };
    const ctx = makeTestContext({ catalog, cwd: dir });
    const plugins = createEnginePlugins(ctx, await loadConfig(ctx));
    const of = async (project: string) =>
      (await plugins.lifecycle(project)) as unknown as { name: string; tag: string };
    expect(await of("app")).toMatchObject({ name: "custom", tag: "app" });
    expect(await of("web")).toMatchObject({ name: "strict", tag: "none" });
    // A session whose project left the configuration still gets decided, by defaults.lifecycle.
    expect(await of("removed")).toMatchObject({ name: "strict" });
  });
});
