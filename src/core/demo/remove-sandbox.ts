import { rmSync } from "node:fs";
import { join } from "node:path";
import type { AoContext } from "../context.js";
import type { DemoSandbox } from "./build-sandbox.js";
import { killRun, liveRuns } from "./stop-ci-runs.js";

/** How long a CI run in flight may take to finish on its own before it is killed. */
const CI_GRACE_MS = 5_000;
const POLL_MS = 100;

/**
 * Leaves nothing behind: the sandbox's tmux server (and with it every agent pane), CI runs still in
 * flight, then the directory itself, which holds the repository, its worktrees and AO_HOME.
 * Every step runs even when an earlier one failed; the failures are returned, not thrown, because
 * this runs in `finally` blocks where the demo's own error matters more.
 */
export async function removeSandbox(
  ctx: Pick<AoContext, "exec" | "clock">,
  sandbox: DemoSandbox,
): Promise<string[]> {
  const problems: string[] = [];
  const socket = join(sandbox.home, "tmux.sock");
  const killed = await ctx.exec("tmux", ["-S", socket, "kill-server"], {
    env: { TMUX: undefined, TMUX_PANE: undefined },
    reject: false,
    timeoutMs: 10_000,
  });
  if (killed.timedOut) problems.push(`tmux -S ${socket} kill-server timed out`);
  await stopCiRuns(sandbox.home, () => ctx.clock.now());
  try {
    rmSync(sandbox.root, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    problems.push(`could not remove ${sandbox.root}: ${(error as Error).message}`);
  }
  return problems;
}

async function stopCiRuns(home: string, now: () => number): Promise<void> {
  const deadline = now() + CI_GRACE_MS;
  while (liveRuns(home).length > 0 && now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  for (const run of liveRuns(home)) killRun(run);
}
