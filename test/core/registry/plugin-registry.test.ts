import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AoError } from "../../../src/core/errors.js";
import { emptyCatalog, type PluginCatalog } from "../../../src/core/registry/catalog.js";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import type { Notifier, Runtime } from "../../../src/core/slots/index.js";
import { FakeRuntime } from "../../fakes/runtime.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A runtime whose methods fail in the ways plugins do, for the wrapper to catch. */
class TroubledRuntime extends FakeRuntime {
  readonly #secret = "private fields still work";
  override liveness(): Promise<never> {
    return Promise.reject(new Error(`socket refused (${this.#secret})`));
  }
  override stop(): Promise<void> {
    throw new TypeError("cannot read properties of undefined");
  }
  override deliver(): Promise<never> {
    return Promise.reject(new AoError("E_NOT_FOUND", "session app-9 is not running"));
  }
}

const runtimeOptions = z.strictObject({
  socket: z.string(),
  retry: z.strictObject({ attempts: z.number().int().min(1) }).default({ attempts: 3 }),
});

function tmuxPlugin(counter: { created: number }) {
  return definePlugin({
    slot: "runtime",
    name: "tmux",
    description: "test tmux",
    options: runtimeOptions,
    create(options) {
      counter.created += 1;
      // Typed from the schema: a wrong property name here would not compile.
      const attempts: number = options.retry.attempts;
      return Object.assign(new TroubledRuntime({ name: "tmux", submitAttempts: attempts }), {
        socket: options.socket,
      });
    },
  });
}

function setUp(extra: Partial<{ [K in keyof PluginCatalog]: PluginCatalog[K] }> = {}) {
  const counter = { created: 0, loaded: 0, otherLoaded: 0 };
  const base = emptyCatalog();
  const catalog: PluginCatalog = {
    ...base,
    runtime: {
      tmux: () => {
        counter.loaded += 1;
        return Promise.resolve({ plugin: tmuxPlugin(counter) });
      },
      process: () => {
        counter.otherLoaded += 1;
        return Promise.reject(new Error("the process plugin must never be loaded here"));
      },
    },
    ...extra,
  };
  const ctx = makeTestContext({ catalog });
  return { counter, registry: createPluginRegistry(ctx) };
}

const failure = (promise: Promise<unknown>): Promise<AoError> =>
  promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => {
      if (!(error instanceof AoError)) throw error;
      return error;
    },
  );

describe("createPluginRegistry: loading", () => {
  it("loads only the plugin it resolves, once per name and options", async () => {
    const { registry, counter } = setUp();
    const first = await registry.resolve("runtime", "tmux", { socket: "/s", retry: { attempts: 2 } });
    const again = await registry.resolve("runtime", "tmux", { retry: { attempts: 2 }, socket: "/s" });
    const other = await registry.resolve("runtime", "tmux", { socket: "/other" });
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(counter).toEqual({ created: 2, loaded: 2, otherLoaded: 0 });
  });

  it("rejects options with every issue and its key path", async () => {
    const { registry } = setUp();
    const error = await failure(
      registry.resolve("runtime", "tmux", { socket: 7, retry: { attempts: 0 }, extra: 1 }),
    );
    expect(error.code).toBe("E_PLUGIN_OPTIONS");
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^invalid options for runtime plugin "tmux": /);
    expect(error.message).toContain("socket: ");
    expect(error.message).toContain("retry.attempts: ");
    const issues = (error.details?.["issues"] ?? []) as { path: string }[];
    expect(issues.map((issue) => issue.path).sort()).toEqual(["extra", "retry.attempts", "socket"]);
  });

  it("does not cache a failed resolve", async () => {
    const { registry } = setUp();
    await failure(registry.resolve("runtime", "tmux", {}));
    await expect(registry.resolve("runtime", "tmux", { socket: "/s" })).resolves.toBeDefined();
  });

  it("names an unknown plugin, suggests the closest and lists the built-ins", async () => {
    const { registry } = setUp();
    const error = await failure(registry.resolve("runtime", "tmx"));
    expect(error.code).toBe("E_PLUGIN_UNKNOWN");
    expect(error.message).toBe('unknown runtime plugin "tmx" (did you mean "tmux"?)');
    expect(error.hint).toContain("built-in runtime plugins: process, tmux");
    expect(error.hint).toMatch(/^write "tmux"; built-in runtime plugins/);
    expect(error.hint).not.toContain("npm install tmx");
  });

  it("says so when a slot has no built-in and the name is no package name", async () => {
    const { registry } = setUp();
    const error = await failure(registry.resolve("notifier", "Desktop Notifier"));
    expect(error.message).toBe('unknown notifier plugin "Desktop Notifier"');
    expect(error.hint).toContain("built-in notifier plugins: none yet");
  });
});

describe("createPluginRegistry: invalid plugins", () => {
  const serving = (loaded: unknown) =>
    setUp({ notifier: { desktop: () => Promise.resolve(loaded) } }).registry;

  it("rejects a module without a `plugin` export", async () => {
    const error = await failure(serving({ default: {} }).resolve("notifier", "desktop"));
    expect(error.code).toBe("E_PLUGIN_INVALID");
    expect(error.message).toBe(
      'notifier plugin "desktop" is not a valid plugin: the module has no named export `plugin`',
    );
  });

  it("rejects a plugin of another slot", async () => {
    const error = await failure(
      serving({ plugin: tmuxPlugin({ created: 0 }) }).resolve("notifier", "desktop"),
    );
    expect(error.message).toContain("it is a runtime plugin, not a notifier plugin");
  });

  it("rejects a definition whose options are not a schema", async () => {
    const definition = {
      slot: "notifier",
      name: "desktop",
      description: "d",
      options: {},
      create: () => ({}),
    };
    const error = await failure(serving({ plugin: definition }).resolve("notifier", "desktop"));
    expect(error.message).toContain("`options` is not a zod schema");
  });

  it("rejects an instance missing a required method", async () => {
    const definition = definePlugin({
      slot: "notifier",
      name: "desktop",
      description: "d",
      options: z.strictObject({}),
      create: () => ({ notfy: () => Promise.resolve() }) as unknown as Notifier,
    });
    const error = await failure(serving({ plugin: definition }).resolve("notifier", "desktop"));
    expect(error.code).toBe("E_PLUGIN_INVALID");
    expect(error.message).toBe("notifier/desktop does not implement notify");
  });

  it("reports a built-in whose module fails to import", async () => {
    const { registry } = setUp();
    const error = await failure(registry.resolve("runtime", "process"));
    expect(error.code).toBe("E_PLUGIN_INVALID");
    expect(error.message).toBe(
      'built-in runtime plugin "process" failed to load: the process plugin must never be loaded here',
    );
  });
});

describe("createPluginRegistry: error wrapping", () => {
  const resolveTmux = async (): Promise<Runtime> =>
    setUp().registry.resolve("runtime", "tmux", { socket: "/s" });
  const handle = { runtime: "tmux", id: "app-9" };

  it("turns an async rejection into E_PLUGIN_FAILED naming the plugin and method", async () => {
    const error = await failure((await resolveTmux()).liveness(handle));
    expect(error.code).toBe("E_PLUGIN_FAILED");
    expect(error.message).toBe("runtime/tmux.liveness failed: socket refused (private fields still work)");
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("turns a synchronous throw into a rejected E_PLUGIN_FAILED", async () => {
    const runtime = await resolveTmux();
    let thrown: unknown;
    try {
      await runtime.stop(handle);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: "E_PLUGIN_FAILED",
      message: "runtime/tmux.stop failed: cannot read properties of undefined",
    });
  });

  it("passes AoErrors through unchanged", async () => {
    const error = await failure((await resolveTmux()).deliver(handle, "hi"));
    expect(error).toMatchObject({ code: "E_NOT_FOUND", message: "session app-9 is not running" });
  });

  it("leaves working methods and plain properties alone, with stable identities", async () => {
    const runtime = await resolveTmux();
    const created = await runtime.create({ sessionId: "app-1", cwd: "/w", argv: ["a"], env: {} });
    expect(created).toMatchObject({ runtime: "tmux" });
    expect((runtime as Runtime & { socket: string }).socket).toBe("/s");
    // The wrapper is made once per method, so a method read twice is the same function.
    expect(Reflect.get(runtime, "create")).toBe(Reflect.get(runtime, "create"));
  });

  it("wraps a capability group's methods too (runtime.remote), naming the group", async () => {
    const definition = definePlugin({
      slot: "runtime",
      name: "tmux",
      description: "d",
      options: z.strictObject({}),
      create: () =>
        Object.assign(new FakeRuntime({ name: "tmux" }), {
          remote: {
            checkout: "session" as const,
            workdir: () => "/w",
            exec: () => Promise.reject(new Error("engine gone")),
            readFile: () => Promise.reject(new AoError("E_NOT_FOUND", "no such file")),
            writeFile: () => Promise.resolve(),
          },
        }),
    });
    const { registry } = setUp({ runtime: { tmux: () => Promise.resolve(definition) } });
    const runtime = await registry.resolve("runtime", "tmux");
    const remote = runtime.remote;
    expect(remote?.checkout).toBe("session");
    expect(remote?.workdir(handle)).toBe("/w");
    expect(runtime.remote).toBe(remote);
    const error = await failure(remote?.exec(handle, { argv: ["true"] }) ?? Promise.resolve());
    expect(error.message).toBe("runtime/tmux.remote.exec failed: engine gone");
    expect((await failure(remote?.readFile(handle, "/x") ?? Promise.resolve())).code).toBe("E_NOT_FOUND");
  });

  it("wraps a failing create", async () => {
    const definition = definePlugin({
      slot: "notifier",
      name: "slack",
      description: "d",
      options: z.strictObject({}),
      create: () => Promise.reject(new Error("no token")),
    });
    const { registry } = setUp({ notifier: { slack: () => Promise.resolve(definition) } });
    const error = await failure(registry.resolve("notifier", "slack"));
    expect(error.message).toBe("notifier/slack.create failed: no token");
  });
});
