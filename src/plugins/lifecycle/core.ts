import { z } from "zod";
import { definePlugin, type Lifecycle } from "../../core/plugin-api.js";
import { decide } from "./core/decide.js";

export { DEFAULT_STUCK_AFTER_MS } from "./core/decide.js";
export { nextSnapshot } from "./core/next-snapshot.js";
export { REASONS } from "./core/reasons.js";

/**
 * lifecycle/core (the only built-in): the pure decision of what a session is now, from what it was
 * and what was observed. The rules, reason codes and events are tabled in docs/lifecycle.md. The
 * stuck threshold comes with the observations (each project's `agent-stuck.threshold`), so the
 * plugin itself takes no options.
 */
export const plugin = definePlugin({
  slot: "lifecycle",
  name: "core",
  description: "derives each session's status and events from runtime, agent and pull-request observations",
  options: z.strictObject({}),
  create: () => createCoreLifecycle(),
});

export function createCoreLifecycle(): Lifecycle {
  return { decide };
}
