import type { AoContext } from "./context.js";
import type { ExecOptions, ExecResult } from "./exec.js";

/**
 * git through the exec chokepoint with a stable environment: C locale so output can be parsed,
 * and no terminal prompt so a missing credential fails instead of hanging a daemon.
 */
export const GIT_ENV = { LC_ALL: "C", GIT_TERMINAL_PROMPT: "0" } as const;

/**
 * Before every subcommand: `core.fsmonitor` names a program git runs on status, diff and more, and
 * an agent can set it in its worktree's config; ao's git would then run it as the person, outside
 * the agent's sandbox. It is only a speed-up, so ao's git never uses one.
 */
const NO_FSMONITOR = ["-c", "core.fsmonitor=false"] as const;

export function git(
  ctx: Pick<AoContext, "exec">,
  cwd: string,
  args: readonly string[],
  options: Omit<ExecOptions, "cwd"> = {},
): Promise<ExecResult> {
  return ctx.exec("git", [...NO_FSMONITOR, ...args], {
    ...options,
    cwd,
    env: { ...GIT_ENV, ...options.env },
  });
}

/** stdout of a git command that must succeed. */
export async function gitText(
  ctx: Pick<AoContext, "exec">,
  cwd: string,
  args: readonly string[],
): Promise<string> {
  return (await git(ctx, cwd, args)).stdout.trim();
}

/**
 * `-c` settings that switch off every filter driver the repository's config names (clean, smudge,
 * process programs, picked by `.gitattributes` in files the agent writes), for a command that
 * reads a worktree's content (status, diff). Reading the config runs nothing.
 */
export async function noFilterDrivers(ctx: Pick<AoContext, "exec">, cwd: string): Promise<string[]> {
  const found = await git(
    ctx,
    cwd,
    ["config", "--name-only", "--get-regexp", "^filter\\..*\\.(clean|smudge|process)$"],
    {
      reject: false,
    },
  );
  const drivers = new Set(
    found.stdout
      .split("\n")
      .map((name) => /^filter\.(.+)\.(?:clean|smudge|process)$/.exec(name.trim())?.[1])
      .filter((name): name is string => name !== undefined),
  );
  return [...drivers].flatMap((name) => [
    "-c",
    `filter.${name}.clean=`,
    "-c",
    `filter.${name}.smudge=`,
    "-c",
    `filter.${name}.process=`,
    "-c",
    `filter.${name}.required=false`,
  ]);
}
