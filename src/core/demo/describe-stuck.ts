import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { openProject } from "../sessions/open-project.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { closeStore, openStore, requireSession, type Session } from "../store/index.js";
import type { DemoStepKind, StepLog } from "./demo-steps.js";
import { DEMO_PROJECT } from "./sandbox-config.js";

const PANE_LINES = 15;

/** What the loop waits for after each step, for the message when it waits too long. */
const NEXT: Partial<Record<DemoStepKind, string>> = {
  spawned: "the agent's first commit",
  agent_committed: "the lifecycle to open a pull request and run CI",
  pr_opened: "CI to start",
  ci_running: "CI to finish",
  ci_failed: "the ci-failed reaction to reach the agent",
  reaction: "the agent to commit a fix",
  ci_passed: "the review",
  review_approved: "the approved-and-green notification",
  notified: "the merge",
  merged: "the lifecycle to see the merge",
};

/** The error for a loop that did not finish in time: the step it stopped at and the agent's screen. */
export async function describeStuck(
  ctx: AoContext,
  session: Session,
  log: StepLog,
  timeoutMs: number,
): Promise<AoError> {
  const last = [...log.steps].reverse().find((step) => step.kind !== "status" && step.kind !== "warning");
  const waitingFor = (last && NEXT[last.kind]) ?? "the next step";
  const current = readSession(ctx, session.id);
  const pane = await paneTail(ctx, current);
  const seconds = String(Math.round(timeoutMs / 1000));
  log.add("failed", `stuck: no merge after ${seconds}s; waiting for ${waitingFor}`, [
    `last step: ${last?.title ?? "none"}`,
    `${session.id} is ${current.status}${current.reason === null ? "" : ` (${current.reason})`}`,
    ...(pane.length > 0 ? ["the agent's screen ends with:", ...pane.map((line) => `  ${line}`)] : []),
  ]);
  return new AoError(
    "E_DEMO_FAILED",
    `the demo loop did not finish in ${seconds}s: it was waiting for ${waitingFor}`,
    {
      hint: "the steps above say where it stopped; with --keep the sandbox stays for a look",
      details: { waitingFor, lastStep: last?.title ?? null, status: current.status, pane },
    },
  );
}

function readSession(ctx: AoContext, id: string): Session {
  const store = openStore(ctx);
  try {
    return requireSession(store, id);
  } finally {
    closeStore(store);
  }
}

/** The last lines of the agent's screen; none when the runtime cannot show it. */
async function paneTail(ctx: AoContext, session: Session): Promise<string[]> {
  const handle = storedHandle(session);
  if (handle === undefined) return [];
  try {
    const { runtime } = await openProject(ctx, DEMO_PROJECT, { configPath: ctx.env["AO_CONFIG_PATH"] });
    const screen = (await runtime.capture?.(handle, { lines: PANE_LINES })) ?? "";
    return screen
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(-PANE_LINES);
  } catch {
    return [];
  }
}
