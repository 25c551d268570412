import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessGroupRunning } from "../../src/core/process-identity.js";
import { AO_BIN } from "../helpers/run-ao.js";
import { eventually, hookEvents, type E2e } from "./e2e-fixture.js";

/**
 * What stopping a session must be checked against: the agent's processes (each tmux pane is its own
 * process group, led by the pane's pid) and the SessionEnd hooks the fake Claude runs as it ends.
 */

/** The pid of the session's agent pane (its process group), read from the test's tmux server. */
export function panePid(e2e: E2e, session: string): number {
  return Number(e2e.tmux(["list-panes", "-t", `=${session}:0`, "-F", "#{pane_pid}"]).trim());
}

/**
 * Waits until the fake Claude has started its session (its SessionStart hook ran): only from then on
 * does it end a session when hung up, as Claude Code does. `ao spawn` returns once the pane runs, and
 * on a loaded machine node may still be loading the agent then (CI of 2026-12-04: a kill that came
 * first found no SessionEnd to wait for).
 */
export async function agentStarted(e2e: E2e, session: string): Promise<void> {
  await eventually(
    () =>
      hookEvents(e2e.worktree(session)).some((event) => event["hook_event_name"] === "SessionStart")
        ? true
        : undefined,
    `${session}'s agent to start its session`,
  );
}

/** Waits until every process of the group has ended (a hang guard, not a timing). */
export async function groupEnded(pgid: number): Promise<void> {
  await eventually(() => (isProcessGroupRunning(pgid) ? undefined : true), `process group ${pgid} to end`);
}

/**
 * A user-level SessionEnd hook (~/.claude/settings.json) beside ao's own recorder, appending to a
 * file outside the checkout: the proof that Claude's SessionEnd ran while the session was stopped.
 */
export function recordSessionEnds(e2e: E2e): () => Record<string, unknown>[] {
  const file = join(e2e.userHome, "session-end.jsonl");
  mkdirSync(join(e2e.userHome, ".claude"), { recursive: true });
  const hook = { type: "command", command: `cat >> '${file}'; echo >> '${file}'` };
  writeFileSync(
    join(e2e.userHome, ".claude", "settings.json"),
    JSON.stringify({ hooks: { SessionEnd: [{ hooks: [hook] }] } }),
  );
  return () =>
    existsSync(file)
      ? readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
}

/**
 * How many ao processes this test file killed with SIGKILL so far (aoKilled, and the delivery
 * fixture's foreground daemon): a fault test counts the kills it really made, not the ones it
 * aimed, since a process that ended before its moment was not killed at all.
 */
export const sigkills = { count: 0 };

/**
 * Starts `ao <args>` and SIGKILLs it once its stderr matches `when`, or `afterMs` after its start;
 * with `from`, `afterMs` after `from()` first holds (looked at every 2 ms). Resolves with its
 * stderr once it ended, killed or not.
 */
export function aoKilled(
  e2e: E2e,
  args: string[],
  at: { when?: RegExp; afterMs?: number; from?: () => boolean },
  env: Record<string, string> = {},
): Promise<string> {
  const child = spawn(process.execPath, [AO_BIN, ...args], {
    cwd: e2e.configDir,
    env: { ...e2e.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const kill = () => child.kill("SIGKILL");
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (at.when?.test(stderr) === true) kill();
  });
  const { afterMs, from } = at;
  let timer = afterMs === undefined || from !== undefined ? undefined : setTimeout(kill, afterMs);
  const watch =
    afterMs === undefined || from === undefined
      ? undefined
      : setInterval(() => {
          if (timer === undefined && from()) timer = setTimeout(kill, afterMs);
        }, 2);
  return new Promise((resolve) =>
    child.on("close", (_code, signal) => {
      if (signal === "SIGKILL") sigkills.count += 1;
      clearTimeout(timer);
      clearInterval(watch);
      resolve(stderr);
    }),
  );
}
