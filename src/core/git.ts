import type { AoContext } from "./context.js";
import type { ExecOptions, ExecResult } from "./exec.js";

/**
 * git through the exec chokepoint with a stable environment: C locale so output can be parsed,
 * and no terminal prompt so a missing credential fails instead of hanging a daemon.
 */
export const GIT_ENV = { LC_ALL: "C", GIT_TERMINAL_PROMPT: "0" } as const;

export function git(
  ctx: Pick<AoContext, "exec">,
  cwd: string,
  args: readonly string[],
  options: Omit<ExecOptions, "cwd"> = {},
): Promise<ExecResult> {
  return ctx.exec("git", args, { ...options, cwd, env: { ...GIT_ENV, ...options.env } });
}

/** stdout of a git command that must succeed. */
export async function gitText(
  ctx: Pick<AoContext, "exec">,
  cwd: string,
  args: readonly string[],
): Promise<string> {
  return (await git(ctx, cwd, args)).stdout.trim();
}
