import { appendFile, cp, lstat, mkdir, readFile, symlink } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import {
  AoError,
  git,
  gitText,
  redactText,
  type PluginContext,
  type WorkspaceSpec,
} from "../../../core/plugin-api.js";
import { splitCommand } from "./split-command.js";

/**
 * What a fresh checkout needs before an agent can work in it, from the project's config: paths
 * linked from the person's checkout (node_modules), files copied (.env), and commands (npm ci).
 */
export interface WorkspaceSetup {
  symlinks: readonly string[];
  copy: readonly string[];
  /** Already split into argv: a malformed command fails before anything is created. */
  postCreate: readonly (readonly string[])[];
}

type SetupContext = Pick<PluginContext, "exec" | "env" | "stderr">;

/** Generous: `npm ci` on a cold cache takes minutes; the bound only stops a hung command. */
const POST_CREATE_TIMEOUT_MS = 30 * 60_000;
const EXCLUDE_HEADER = "# ao: workspace symlinks and copies (not part of the project)";

export function setupFromSpec(spec: WorkspaceSpec): WorkspaceSetup {
  return {
    symlinks: spec.symlinks ?? [],
    copy: spec.copy ?? [],
    postCreate: (spec.postCreate ?? []).map((command) => splitCommand(command)),
  };
}

/** Links and copies into the checkout; returns the relative paths it made. */
export async function linkAndCopy(
  repoPath: string,
  workspacePath: string,
  setup: WorkspaceSetup,
): Promise<string[]> {
  const made: string[] = [];
  for (const [kind, paths] of [
    ["symlinks", setup.symlinks],
    ["copy", setup.copy],
  ] as const) {
    for (const path of paths) {
      const source = insidePath(repoPath, path, kind);
      const target = insidePath(workspacePath, path, kind);
      await requireSource(source, path, kind, repoPath);
      if (await pathExists(target)) {
        throw setupFailed(
          `${kind}: ${path} already exists in the new checkout (is it tracked by git?)`,
          path,
        );
      }
      await mkdir(dirname(target), { recursive: true });
      if (kind === "symlinks") await symlink(source, target);
      else await cp(source, target, { recursive: true, errorOnExist: true, force: false });
      made.push(path);
    }
  }
  return made;
}

/**
 * Keeps links and copies out of `git status` and `git add -A`: a symlinked `node_modules` is not
 * matched by a `node_modules/` ignore rule (that only matches directories), so an agent would commit
 * it. Paths git does not already ignore are added to info/exclude (shared by all worktrees of a repo,
 * so callers hold the repository lock).
 */
export async function excludeFromGit(
  ctx: SetupContext,
  workspacePath: string,
  paths: readonly string[],
): Promise<void> {
  const missing: string[] = [];
  for (const path of paths) {
    const ignored = await git(ctx, workspacePath, ["check-ignore", "--quiet", "--", path], { reject: false });
    if (ignored.exitCode === 1) missing.push(`/${path.split("\\").join("/")}`);
  }
  if (missing.length === 0) return;
  const excludeFile = resolve(
    workspacePath,
    await gitText(ctx, workspacePath, ["rev-parse", "--git-path", "info/exclude"]),
  );
  const current = await readFile(excludeFile, "utf8").catch(() => "");
  const lines = new Set(current.split("\n"));
  const added = missing.filter((line) => !lines.has(line));
  if (added.length === 0) return;
  const header = lines.has(EXCLUDE_HEADER) ? [] : [EXCLUDE_HEADER];
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  await mkdir(dirname(excludeFile), { recursive: true });
  await appendFile(excludeFile, `${separator}${[...header, ...added].join("\n")}\n`);
}

export async function runPostCreate(
  ctx: SetupContext,
  workspacePath: string,
  setup: WorkspaceSetup,
): Promise<void> {
  for (const argv of setup.postCreate) {
    const [file = "", ...args] = argv;
    const shown = redactText(argv.join(" "));
    ctx.stderr.write(`postCreate: ${shown} …\n`);
    const result = await ctx.exec(file, args, {
      cwd: workspacePath,
      env: ctx.env,
      timeoutMs: POST_CREATE_TIMEOUT_MS,
      reject: false,
    });
    if (!result.failed) continue;
    const why = result.notFound
      ? `${file} was not found on PATH`
      : result.timedOut
        ? "timed out"
        : `exited with ${String(result.exitCode)}`;
    const tail = redactText((result.stderr.trim() || result.stdout.trim()).split("\n").slice(-5).join("\n"));
    throw new AoError(
      "E_WORKSPACE_FAILED",
      `postCreate command \`${shown}\` ${why}${tail ? `:\n${tail}` : ""}`,
      {
        hint: "fix the command (or the project) and spawn again",
        details: { command: shown, exitCode: result.exitCode, workspacePath },
      },
    );
  }
}

/** Config validation already refuses `..` and absolute paths; this guards every other caller. */
function insidePath(root: string, path: string, kind: string): string {
  const full = resolve(root, path);
  const rel = relative(root, full);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
    throw new AoError("E_CONFIG_INVALID", `${kind}: ${path} is not a path inside the repository`, {
      hint: "use a relative path without .., e.g. node_modules",
    });
  }
  return join(root, rel);
}

async function requireSource(source: string, path: string, kind: string, repoPath: string): Promise<void> {
  if (await pathExists(source)) return;
  throw setupFailed(
    `${kind}: ${path} does not exist in ${repoPath}`,
    path,
    `create it there first, or remove it from ${kind}`,
  );
}

async function pathExists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

function setupFailed(
  message: string,
  path: string,
  hint = "fix the project's symlinks/copy settings",
): AoError {
  return new AoError("E_WORKSPACE_FAILED", message, { hint, details: { path } });
}
