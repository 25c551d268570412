import { z } from "zod";
import type { Slot } from "../../src/core/registry/catalog.js";
import { definePlugin } from "../../src/core/registry/define-plugin.js";

/**
 * A catalog entry whose plugin's instance is the given object (a fake runtime, agent, tracker…):
 * the registry loads, validates and wraps it like any plugin, so tests exercise the real seams.
 */
export function fixedPlugin<S extends Slot>(slot: S, instance: unknown, name = "fake") {
  return () =>
    Promise.resolve(
      definePlugin({
        slot,
        name,
        description: `test ${slot}`,
        options: z.strictObject({}),
        create: () => instance as never,
      }),
    );
}
