import { existsSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";
import { findConfigPath } from "../config/find-config-path.js";
import { findExistingConfig } from "../init/config-file.js";

export interface StartTarget {
  /** The config to run with; undefined = the usual search (--config, AO_CONFIG_PATH, cwd upwards). */
  readonly configPath?: string | undefined;
  /** Watch only this project. */
  readonly project?: string | undefined;
  /** Set when the target was a repository: its checkout, used in place, or its clone under AO_HOME/repos. */
  readonly repoDir?: string | undefined;
}

type TargetContext = Pick<AoContext, "exec" | "env" | "cwd" | "stderr" | "catalog" | "logger" | "paths">;

/**
 * `ao start [project|repo-url]`: a project id of the config, or a repository. A checkout (a local
 * path inside a work tree, or no target inside one that has no config) is used in place and given an
 * `ao init --auto` config when it has none, so `ao spawn` from it finds the same file. A URL,
 * scp-style `git@host:owner/repo` or a bare repository is cloned under AO_HOME/repos/<name> once.
 */
export async function resolveStartTarget(
  ctx: TargetContext,
  options: { target?: string | undefined; configPath?: string | undefined },
): Promise<StartTarget> {
  const { target } = options;
  if (target === undefined) return withoutTarget(ctx, options.configPath);
  if (!isRepositoryReference(target, ctx.cwd)) return { configPath: options.configPath, project: target };
  if (!isUrl(target)) {
    const root = await workTreeRoot(ctx, resolve(ctx.cwd, target));
    if (root !== undefined) return setUpIn(ctx, root, false);
  }
  const repoDir = await cloneOnce(ctx, isUrl(target) ? target : resolve(ctx.cwd, target));
  return setUpIn(ctx, repoDir, true);
}

/**
 * The config the target will run with when it exists already, without cloning or writing anything
 * (what `ao start` checks its port against first); undefined when a clone or `init --auto` would
 * make it.
 */
export async function existingStartConfig(
  ctx: TargetContext,
  options: { target?: string | undefined; configPath?: string | undefined },
): Promise<string | undefined> {
  const { target } = options;
  if (target === undefined || !isRepositoryReference(target, ctx.cwd))
    return findConfigPath(ctx, options.configPath).catch(() => undefined);
  const root = isUrl(target) ? undefined : await workTreeRoot(ctx, resolve(ctx.cwd, target));
  const dir =
    root ?? join(ctx.paths.home, "repos", repoName(isUrl(target) ? target : resolve(ctx.cwd, target)));
  return existsSync(dir) ? findExistingConfig(dir) : undefined;
}

/**
 * Whether starting with no config found would write one (`ao init --auto`): for a repository
 * target, or with no target inside a work tree. A project id or a plain directory writes none:
 * loading the config fails there and says what it searched.
 */
export async function startWritesConfig(
  ctx: TargetContext,
  options: { target?: string | undefined },
): Promise<boolean> {
  const { target } = options;
  if (target !== undefined) return isRepositoryReference(target, ctx.cwd);
  return (await workTreeRoot(ctx, ctx.cwd)) !== undefined;
}

/**
 * No target: the usual search, or, inside a work tree with no config anywhere, that checkout in
 * place. Any other miss is left to loading the config, which says what it searched.
 */
async function withoutTarget(ctx: TargetContext, configPath: string | undefined): Promise<StartTarget> {
  if (named(ctx, configPath)) return { configPath };
  const found = await findConfigPath(ctx).catch((error: unknown) => {
    if (error instanceof AoError && error.code === "E_CONFIG_NOT_FOUND") return undefined;
    throw error;
  });
  const root = found === undefined ? await workTreeRoot(ctx, ctx.cwd) : undefined;
  return root === undefined ? { configPath } : setUpIn(ctx, root, false);
}

function named(ctx: TargetContext, configPath: string | undefined): boolean {
  return (configPath ?? "") !== "" || (ctx.env["AO_CONFIG_PATH"] ?? "") !== "";
}

/** The repository's own config, or one `ao init --auto` writes at its root; a clone is watched alone. */
async function setUpIn(ctx: TargetContext, repoDir: string, cloned: boolean): Promise<StartTarget> {
  const existing = await findExistingConfig(repoDir);
  if (existing !== undefined) return { configPath: existing, repoDir };
  const { initProject } = await import("../init/init-project.js");
  const result = await initProject({ ...ctx, cwd: repoDir, ask: undefined }, { auto: true });
  ctx.stderr.write(`wrote ${result.path} (as \`ao init --auto\` does)\n`);
  return cloned
    ? { configPath: result.path, project: result.project.id, repoDir }
    : { configPath: result.path, repoDir };
}

/** The top of the work tree `dir` is in; undefined for a bare repository or no repository. */
async function workTreeRoot(ctx: TargetContext, dir: string): Promise<string | undefined> {
  const result = await git(ctx, dir, ["rev-parse", "--show-toplevel"], { reject: false });
  const root = result.stdout.trim();
  return result.failed || root === "" ? undefined : root;
}

export function isUrl(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target) || /^[\w.-]+@[\w.-]+:/.test(target);
}

function isRepositoryReference(target: string, cwd: string): boolean {
  if (isUrl(target)) return true;
  if (!/[/\\]|^\.\.?$|^~/.test(target)) return false;
  const path = resolve(cwd, target);
  return existsSync(path) && statSync(path).isDirectory();
}

async function cloneOnce(ctx: TargetContext, source: string): Promise<string> {
  const repos = join(ctx.paths.home, "repos");
  const dir = join(repos, repoName(source));
  if (existsSync(dir)) {
    const origin = await git(ctx, dir, ["remote", "get-url", "origin"], { reject: false });
    if (!origin.failed && origin.stdout.trim() === source) return dir;
    throw new AoError("E_EXISTS", `${dir} already exists and is not a clone of ${source}`, {
      hint: "remove it, or start with the project id from its agent-orchestrator.yaml",
      details: { dir, source },
    });
  }
  await mkdir(repos, { recursive: true, mode: 0o700 });
  ctx.stderr.write(`cloning ${source} into ${dir}\n`);
  await git(ctx, repos, ["clone", "--quiet", "--", source, dir]);
  return dir;
}

/** `https://github.com/acme/widgets.git` → `widgets`; only characters safe in a directory name. */
export function repoName(source: string): string {
  const last = basename(source.replace(/[/\\]+$/, "").replace(/^.*:/, "")).replace(/\.git$/, "");
  const safe = last.replace(/[^A-Za-z0-9._-]/g, "-").replace(/^[.-]+/, "");
  return safe === "" ? "repo" : safe;
}
