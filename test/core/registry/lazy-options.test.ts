import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AoError } from "../../../src/core/errors.js";
import { emptyCatalog, SLOTS, type PluginCatalog } from "../../../src/core/registry/catalog.js";
import { checkDefinition } from "../../../src/core/registry/check-definition.js";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { pluginOptionsSchema } from "../../../src/core/registry/options-schema.js";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import type { Notifier } from "../../../src/core/slots/index.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { FakeNotifier } from "../../fakes/notifier.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A notifier whose schema is built by a factory that counts its calls. */
function lazyNotifier(built: { count: number }, withDefaults: boolean) {
  return definePlugin({
    slot: "notifier",
    name: "lazy",
    description: "a notifier with a lazily built schema",
    options: () => {
      built.count += 1;
      return Promise.resolve(
        z.strictObject({ channel: z.string().default("#ao"), retries: z.number().default(2) }),
      );
    },
    ...(withDefaults ? { defaults: { channel: "#ao", retries: 2 } } : {}),
    create: (options): Notifier & { options: typeof options } =>
      Object.assign(new FakeNotifier(), { options }),
  });
}

function registryServing(loaded: unknown) {
  const catalog: PluginCatalog = { ...emptyCatalog(), notifier: { lazy: () => Promise.resolve(loaded) } };
  return createPluginRegistry(makeTestContext({ catalog }));
}

const optionsOf = async (notifier: Promise<Notifier>) =>
  ((await notifier) as Notifier & { options: unknown }).options;

describe("plugin option schemas built on first use", () => {
  it("creates a plugin without options from its defaults and never builds the schema", async () => {
    const built = { count: 0 };
    const registry = registryServing({ plugin: lazyNotifier(built, true) });
    expect(await optionsOf(registry.resolve("notifier", "lazy"))).toEqual({ channel: "#ao", retries: 2 });
    expect(await optionsOf(registry.resolve("notifier", "lazy", {}))).toEqual({ channel: "#ao", retries: 2 });
    expect(built.count).toBe(0);
  });

  it("builds the schema once, on the first options given, and validates with it", async () => {
    const built = { count: 0 };
    const registry = registryServing({ plugin: lazyNotifier(built, true) });
    expect(await optionsOf(registry.resolve("notifier", "lazy", { channel: "#x" }))).toEqual({
      channel: "#x",
      retries: 2,
    });
    const error = await registry.resolve("notifier", "lazy", { retries: "many" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AoError);
    expect((error as AoError).code).toBe("E_PLUGIN_OPTIONS");
    expect((error as AoError).message).toMatch(/^invalid options for notifier plugin "lazy": retries: /);
    expect(built.count).toBe(1);
  });

  it("parses no options with the schema when a lazy plugin declares no defaults", async () => {
    const built = { count: 0 };
    const registry = registryServing({ plugin: lazyNotifier(built, false) });
    expect(await optionsOf(registry.resolve("notifier", "lazy"))).toEqual({ channel: "#ao", retries: 2 });
    expect(built.count).toBe(1);
  });

  it("rejects a factory that returns no schema, naming the plugin", async () => {
    const definition = {
      slot: "notifier",
      name: "lazy",
      description: "d",
      options: () => 42,
      create: () => ({}),
    };
    const error = (await registryServing({ plugin: definition })
      .resolve("notifier", "lazy", { channel: "#x" })
      .catch((e: unknown) => e)) as AoError;
    expect(error.code).toBe("E_PLUGIN_INVALID");
    expect(error.message).toContain('notifier plugin "lazy" is not a valid plugin');
  });
});

describe("a factory that fails", () => {
  it("is the plugin's failure, named, and is asked again next time", async () => {
    let calls = 0;
    const definition = definePlugin({
      slot: "notifier",
      name: "lazy",
      description: "a notifier whose schema module is missing",
      options: () => {
        calls += 1;
        return Promise.reject(new Error("Cannot find module './schema.js'"));
      },
      create: () => new FakeNotifier(),
    });
    const registry = registryServing({ plugin: definition });
    for (const attempt of [1, 2]) {
      const error = await registry.resolve("notifier", "lazy", { channel: "#x" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AoError);
      expect((error as AoError).code).toBe("E_PLUGIN_FAILED");
      expect((error as AoError).message).toBe(
        "notifier/lazy.options failed: Cannot find module './schema.js'",
      );
      expect(calls).toBe(attempt);
    }
  });
});

describe("built-in plugins' declared defaults", () => {
  const entries = SLOTS.flatMap((slot) =>
    Object.entries(builtinCatalog[slot]).map(([name, load]) => ({ slot, name, load })),
  );

  it.each(entries)(
    "$slot/$name: defaults are what its schema makes of no options",
    async ({ slot, name, load }) => {
      const definition = checkDefinition(slot, name, await load());
      if (definition.defaults === undefined) {
        expect(typeof definition.options).not.toBe("function");
        return;
      }
      const schema = await pluginOptionsSchema(definition);
      expect(schema.parse({})).toEqual(definition.defaults);
    },
  );
});
