import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AoContext } from "../context.js";
import { findConfigPath } from "../config/find-config-path.js";
import { AoError } from "../errors.js";
import type { Slot } from "../registry/catalog.js";
import { checkDefinition } from "../registry/check-definition.js";
import { isLocalPluginPath } from "../registry/load-plugin-module.js";
import { resolvePackageEntry } from "../registry/resolve-package-entry.js";
import { useInstalledPlugin, type ConfigUse } from "./use-plugin.js";

export interface InstalledPlugin {
  readonly name: string;
  readonly slot: Slot;
  readonly description: string;
  /** The configuration file, whose directory npm installed into. */
  readonly config: string;
  /** What changed in the configuration (undefined: it was left as it was). */
  readonly use: ConfigUse | undefined;
}

/**
 * `ao plugin install <spec>`: `npm install` into the configuration's directory (argv, no shell),
 * checks that the package is a plugin (of `slot`, when given), then names it in the configuration.
 * When npm fails, or the package is no plugin, the configuration is not touched.
 */
export async function installPlugin(
  ctx: AoContext,
  request: {
    spec: string;
    slot?: string | undefined;
    use?: boolean | undefined;
    configPath?: string | undefined;
  },
): Promise<InstalledPlugin> {
  const config = await findConfigPath(ctx, request.configPath);
  const dir = dirname(config);
  const spec = localSpec(ctx.cwd, request.spec);
  const before = dependencies(dir);
  await npmInstall(ctx, dir, spec);
  const name = installedName(dir, before, spec);
  const loaded: unknown = await import(pathToFileURL(resolvePackageEntry(name, dir)).href);
  const slot = (request.slot ?? (loaded as { plugin?: { slot?: unknown } }).plugin?.slot) as Slot;
  const definition = checkDefinition(slot, name, loaded);
  const use = await useInstalledPlugin(config, slot, name, request.use === true, ctx.catalog.defaults);
  return { name, slot, description: definition.description, config, use };
}

/** A path (./x, ../x, /x, x.tgz) is made absolute against cwd: npm runs in the config's directory. */
function localSpec(cwd: string, spec: string): string {
  const local = isLocalPluginPath(spec) || isAbsolute(spec) || /\.(tgz|tar\.gz)$/.test(spec);
  return local && existsSync(resolve(cwd, spec)) ? resolve(cwd, spec) : spec;
}

function dependencies(dir: string): Record<string, string> {
  const file = resolve(dir, "package.json");
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { dependencies?: Record<string, string> };
  return manifest.dependencies ?? {};
}

async function npmInstall(ctx: AoContext, dir: string, spec: string): Promise<void> {
  const args = ["install", "--prefix", dir, "--save", "--no-audit", "--no-fund", "--", spec];
  const result = await ctx.exec("npm", args, { cwd: dir, reject: false });
  if (result.notFound)
    throw new AoError("E_NPM_FAILED", "npm is not on PATH", {
      hint: "install Node.js with npm (https://nodejs.org), or run npm install yourself and name the plugin in the configuration",
    });
  if (!result.failed) return;
  const said = (result.stderr.trim() || result.stdout.trim()).split("\n").slice(-12).join("\n");
  throw new AoError("E_NPM_FAILED", `npm install ${spec} failed (exit ${result.exitCode ?? "?"}):\n${said}`, {
    hint: `the configuration was not changed; check the package name or path (npm ran in ${dir})`,
  });
}

/** The dependency npm added or changed; else the one this path or name already was. */
function installedName(dir: string, before: Record<string, string>, spec: string): string {
  const after = dependencies(dir);
  const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
  if (changed.length === 1 && changed[0] !== undefined) return changed[0];
  // Installed again, nothing changed: the dependency whose file: spec is this path.
  const local = Object.keys(after).find(
    (key) => after[key]?.startsWith("file:") && resolve(dir, after[key].slice(5)) === spec,
  );
  if (local !== undefined) return local;
  const bare = /^(@[^/@]+\/[^@]+|[^@/]+)/.exec(spec)?.[1];
  if (bare !== undefined && after[bare] !== undefined) return bare;
  throw new AoError("E_NPM_FAILED", `npm installed ${spec}, but ao cannot tell which package it is`, {
    hint: `name the plugin's package in ${dir}/agent-orchestrator.yaml yourself`,
  });
}
