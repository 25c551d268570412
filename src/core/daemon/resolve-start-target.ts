import { existsSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";
import { findExistingConfig } from "../init/config-file.js";

export interface StartTarget {
  /** The config to run with; undefined = the usual search (--config, AO_CONFIG_PATH, cwd upwards). */
  readonly configPath?: string | undefined;
  /** Watch only this project. */
  readonly project?: string | undefined;
  /** Set when the target was a repository, cloned (or found) under AO_HOME/repos. */
  readonly repoDir?: string | undefined;
}

type TargetContext = Pick<AoContext, "exec" | "env" | "cwd" | "stderr" | "catalog" | "logger" | "paths">;

/**
 * `ao start [project|repo-url]`: a project id of the config, or a repository (URL, scp-style
 * `git@host:owner/repo`, or a local path to one) that is cloned under AO_HOME/repos/<name> once and
 * given an `ao init --auto` config, which the daemon then runs with.
 */
export async function resolveStartTarget(
  ctx: TargetContext,
  options: { target?: string | undefined; configPath?: string | undefined },
): Promise<StartTarget> {
  const { target } = options;
  if (target === undefined) return { configPath: options.configPath };
  if (!isRepositoryReference(target, ctx.cwd)) return { configPath: options.configPath, project: target };
  const source = isUrl(target) ? target : resolve(ctx.cwd, target);
  const repoDir = await cloneOnce(ctx, source);
  const existing = await findExistingConfig(repoDir);
  if (existing !== undefined) return { configPath: existing, repoDir };
  const { initProject } = await import("../init/init-project.js");
  const result = await initProject({ ...ctx, cwd: repoDir, ask: undefined }, { auto: true });
  return { configPath: result.path, project: result.project.id, repoDir };
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
