import {
  AoError,
  isProcessGroupRunning,
  signalProcessGroup,
  type PluginCleanupContext,
} from "../../../core/plugin-api.js";
import { createTmuxClient, tmuxSocketPath, type TmuxClient } from "../../_shared/tmux-client.js";
import { killTmuxServer } from "../../_shared/tmux-program.js";
import { classifyTmuxFailure, runThroughServerExit, tmuxComplaint } from "../../_shared/tmux-errors.js";
import { sessionTarget } from "../../_shared/tmux-target.js";
import { pollUntil, realSleep, type Waits } from "../_shared/poll-until.js";

/**
 * How long an agent may take to end by itself once its pane is gone (Claude Code runs its
 * SessionEnd hooks first), and then after SIGTERM, before its process group gets SIGKILL.
 */
export const HANGUP_GRACE_MS = 10_000;
const TERM_GRACE_MS = 3_000;
const KILL_WAIT_MS = 2_000;
const POLL_MS = 50;

/**
 * Stops a tmux session and waits until the processes of its panes have ended. `kill-session` only
 * hangs the panes up and returns at once; an agent then still runs for a while (Claude Code's
 * SessionEnd hook writes into the checkout), so a caller removing the checkout right after would
 * race it. Each pane runs in its own process group (tmux starts it in a new session), so the group
 * ending means the agent and everything it started (hooks, MCP servers) ended. Idempotent.
 */
export async function stopTmuxSession(client: TmuxClient, session: string, waits: Waits): Promise<void> {
  const groups = await livePaneGroups(client, session);
  await killSession(client, session);
  const left = await endGroups(groups, waits);
  if (left.length === 0) return;
  throw new AoError(
    "E_EXEC_FAILED",
    `the processes of tmux session ${session} did not end, even after SIGKILL (process groups ${left.join(", ")})`,
    {
      hint: "see them with `ps -eo pid,pgid,stat,args` and stop them by hand",
      details: { session, processGroups: left },
    },
  );
}

/**
 * The runtime's `cleanup` (an AO_HOME thrown away, `ao demo` removing its sandbox): kills ao's tmux
 * server and waits, as `stop` does, until the processes of every pane have ended.
 */
export async function stopTmuxServer(ctx: PluginCleanupContext): Promise<string[]> {
  const client = createTmuxClient(ctx.exec, tmuxSocketPath(ctx.paths));
  const groups = await livePaneGroups(client, undefined);
  const problems = await killTmuxServer(ctx);
  const left = await endGroups(groups, { clock: ctx.clock, sleep: realSleep });
  if (left.length > 0)
    problems.push(`agent processes still run after SIGKILL (process groups ${left.join(", ")})`);
  return problems;
}

/** The process groups (= pane pids) of the session's (or, without one, every) pane whose command still runs. */
async function livePaneGroups(client: TmuxClient, session: string | undefined): Promise<number[]> {
  const which = session === undefined ? ["-a"] : ["-s", "-t", sessionTarget(session)];
  const result = await runThroughServerExit(client, [
    ["list-panes", ...which, "-F", "#{pane_dead} #{pane_pid}"],
  ]);
  if (result.failed) return [];
  return result.stdout
    .split("\n")
    .map((line) => /^0 (\d+)$/.exec(line.trim())?.[1])
    .filter((pid): pid is string => pid !== undefined)
    .map(Number)
    .filter((pid) => pid > 1);
}

/** Waits for the groups to end: by themselves, then after SIGTERM, then after SIGKILL. Returns what still runs. */
async function endGroups(groups: readonly number[], waits: Waits): Promise<number[]> {
  const running = () => groups.filter((group) => isProcessGroupRunning(group));
  const ended = () => Promise.resolve(running().length === 0 ? true : undefined);
  for (const [signal, graceMs] of [
    [undefined, HANGUP_GRACE_MS],
    ["SIGTERM", TERM_GRACE_MS],
    ["SIGKILL", KILL_WAIT_MS],
  ] as const) {
    if (signal !== undefined) for (const group of running()) signalProcessGroup(group, signal);
    if ((await pollUntil(ended, { timeoutMs: graceMs, intervalMs: POLL_MS }, waits)) === true) return [];
  }
  return running();
}

/** A session (or server) that is already gone is the outcome stop wanted. */
async function killSession(client: TmuxClient, session: string): Promise<void> {
  const result = await runThroughServerExit(client, [["kill-session", "-t", sessionTarget(session)]]);
  if (!result.failed || classifyTmuxFailure(result.stderr, result.timedOut) === "missing") return;
  throw new AoError(
    "E_EXEC_FAILED",
    `tmux could not stop session ${session}: ${tmuxComplaint(result.stderr, "tmux failed")}`,
  );
}
