import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";
import type { UpdateCheck } from "./check-update.js";
import type { AoInstall } from "./install-kind.js";

type UpdateContext = Pick<AoContext, "exec" | "env">;

/** The steps that ran, in order, as the commands a person would type. */
export interface UpdateApplied {
  readonly steps: readonly string[];
  /** The version (npm) or short commit (git) now installed. */
  readonly now: string;
}

const NPM_FLAGS = ["--no-audit", "--no-fund", "--loglevel=error"];
const LONG_MS = 15 * 60_000;

/**
 * Updates ao where it is installed: npm installs the registry's latest into the same prefix; a
 * checkout pulls (fast-forward only, never over local changes), installs its dependencies and
 * builds. `check` is what checkForUpdate found; an install that is up to date is left alone.
 */
export async function applyUpdate(
  ctx: UpdateContext,
  install: AoInstall,
  check: UpdateCheck,
  progress: (line: string) => void,
): Promise<UpdateApplied> {
  if (!check.outdated) return { steps: [], now: check.current };
  if (install.kind === "npm") return updatePackage(ctx, install, check.latest, progress);
  if (install.kind === "git") return updateCheckout(ctx, install, progress);
  throw new AoError(
    "E_UPDATE_FAILED",
    `ao at ${install.root} is neither a global npm install nor a git checkout`,
    {
      hint: `install it with \`${check.command}\`, or update it the way you installed it`,
    },
  );
}

async function updatePackage(
  ctx: UpdateContext,
  install: AoInstall,
  latest: string,
  progress: (line: string) => void,
) {
  const args = ["install", "-g", ...(install.prefix === undefined ? [] : ["--prefix", install.prefix])];
  const steps = [
    await run(ctx, install.root, "npm", [...args, ...NPM_FLAGS, `${install.name}@${latest}`], progress),
  ];
  const now = versionAt(install.root);
  if (now !== latest) {
    throw new AoError("E_UPDATE_FAILED", `npm finished but ${install.root} holds ${now}, not ${latest}`, {
      hint: "is another ao first on PATH? `command -v ao`",
    });
  }
  return { steps, now };
}

async function updateCheckout(ctx: UpdateContext, install: AoInstall, progress: (line: string) => void) {
  const at = install.root;
  const changed = (await git(ctx, at, ["status", "--porcelain", "--untracked-files=no"])).stdout.trim();
  if (changed !== "") {
    throw new AoError("E_UPDATE_FAILED", `the checkout at ${at} has uncommitted changes`, {
      hint: "commit or stash them, then run ao update again",
      details: { changed: changed.split("\n") },
    });
  }
  const steps = [await run(ctx, at, "git", ["pull", "--ff-only", "--quiet"], progress)];
  const ci = existsSync(join(at, "package-lock.json"));
  steps.push(await run(ctx, at, "npm", [ci ? "ci" : "install", ...NPM_FLAGS], progress));
  if (hasScript(at, "build")) steps.push(await run(ctx, at, "npm", ["run", "build", "--silent"], progress));
  return { steps, now: (await git(ctx, at, ["rev-parse", "--short", "HEAD"])).stdout.trim() };
}

async function run(
  ctx: UpdateContext,
  cwd: string,
  file: string,
  args: readonly string[],
  progress: (line: string) => void,
): Promise<string> {
  const line = [file, ...args].join(" ");
  progress(line);
  const result = await ctx.exec(file, args, { cwd, reject: false, timeoutMs: LONG_MS });
  if (!result.failed) return line;
  const said = (result.stderr.trim() || result.stdout.trim()).split("\n").slice(-6).join("\n");
  const diverged = file === "git" && /not possible to fast-forward|diverg/i.test(said);
  throw new AoError("E_UPDATE_FAILED", `\`${line}\` failed in ${cwd}${said === "" ? "" : `:\n${said}`}`, {
    hint: diverged
      ? "the checkout has commits its upstream lacks: rebase or merge them yourself, then run ao update"
      : "fix what it says and run ao update again",
  });
}

function versionAt(root: string): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: string }).version ?? "";
}

function hasScript(root: string, name: string): boolean {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, unknown>;
  };
  return typeof manifest.scripts?.[name] === "string";
}
