import type { Session } from "../store/index.js";
import type { DemoSandbox } from "./build-sandbox.js";
import type { DemoStep, StepLog } from "./demo-steps.js";

/** The last line of a demo that reached the merge: how long it took and what the loop went through. */
export function summary(log: StepLog, session: Session): string {
  const count = (kind: DemoStep["kind"]) => log.steps.filter((step) => step.kind === kind).length;
  const ciRuns = count("ci_failed") + count("ci_passed");
  const seconds = (log.elapsedMs() / 1000).toFixed(1);
  return (
    `done in ${seconds}s: issue #1 went from spawn to merged (${session.id}: ${String(count("agent_committed"))} commits, ` +
    `${String(ciRuns)} CI runs, ${String(count("reaction"))} reactions delivered, ${String(count("notified"))} notifications)`
  );
}

/** With --keep: where to look, and how to remove the sandbox afterwards (the manifest says how). */
export function keptHints(sandbox: DemoSandbox, sessionId: string, removeHint: string): string[] {
  return [
    `look around:  cd ${sandbox.repo} && git log --oneline --graph --all`,
    `the session:  AO_HOME=${sandbox.home} ao session ls --all`,
    `its events:   AO_HOME=${sandbox.home} ao events --session ${sessionId}`,
    `remove it:    ${removeHint}`,
  ];
}
