import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { listPluginReferences } from "../config/plugin-references.js";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { aoPaths } from "../paths.js";
import { catalogPlugins, cleanupPlugins, type NamedPlugin } from "../registry/cleanup-plugins.js";
import type { DemoSandbox } from "./build-sandbox.js";

/**
 * Leaves nothing behind: first every plugin the sandbox uses stops what it started there (its
 * `cleanup` capability: the runtime's server with every agent in it, the scm's CI runs in flight),
 * then the directory itself, which holds the repository, its worktrees and AO_HOME. Every step runs
 * even when an earlier one failed; the failures are returned, not thrown, because this runs in
 * `finally` blocks where the demo's own error matters more.
 */
export async function removeSandbox(caller: AoContext, sandbox: DemoSandbox): Promise<string[]> {
  // Whatever context the caller had: the plugins clean up the sandbox's AO_HOME, never the person's.
  const ctx: AoContext = { ...caller, paths: aoPaths(sandbox.home) };
  const problems = await cleanupPlugins(ctx, await sandboxPlugins(ctx, sandbox), dirname(sandbox.configPath));
  try {
    rmSync(sandbox.root, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    problems.push(`could not remove ${sandbox.root}: ${messageOf(error)}`);
  }
  return problems;
}

/** The plugins the sandbox's configuration names; every catalog plugin when it does not load. */
async function sandboxPlugins(ctx: AoContext, sandbox: DemoSandbox): Promise<NamedPlugin[]> {
  try {
    const { loadConfig } = await import("../config/load-config.js");
    const loaded = await loadConfig(ctx, { configPath: sandbox.configPath });
    return await listPluginReferences(loaded);
  } catch (error) {
    ctx.logger.warn("demo cleanup: the sandbox configuration does not load", { error: messageOf(error) });
    return catalogPlugins(ctx.catalog);
  }
}
