/**
 * What `ao demo` reports, one step at a time, as it happens. Every step is something that really
 * happened in the sandbox (an event in the store, a commit on the branch, a request the demo's
 * webhook receiver got), stamped with the time since the demo started.
 */
export const DEMO_STEP_KINDS = [
  "sandbox",
  "spawned",
  "agent_committed",
  "pr_opened",
  "ci_running",
  "ci_failed",
  "ci_passed",
  "reaction",
  "status",
  "review_approved",
  "notified",
  "merged",
  "warning",
  "done",
  "failed",
] as const;

export type DemoStepKind = (typeof DEMO_STEP_KINDS)[number];

export interface DemoStep {
  kind: DemoStepKind;
  /** Milliseconds since the demo started. */
  atMs: number;
  /** One line saying what happened. */
  title: string;
  /** Further lines (a log tail, a notification's text); may be empty. */
  detail: string[];
}

export type StepListener = (step: DemoStep) => void;

/** Collects steps with their timings and hands each to the listener as soon as it is recorded. */
export class StepLog {
  readonly steps: DemoStep[] = [];
  readonly #startedAt: number;
  readonly #now: () => number;
  readonly #listener: StepListener | undefined;

  constructor(now: () => number, listener: StepListener | undefined) {
    this.#now = now;
    this.#startedAt = now();
    this.#listener = listener;
  }

  elapsedMs(): number {
    return this.#now() - this.#startedAt;
  }

  add(kind: DemoStepKind, title: string, detail: readonly string[] = []): DemoStep {
    const step: DemoStep = { kind, atMs: this.elapsedMs(), title, detail: [...detail] };
    this.steps.push(step);
    this.#listener?.(step);
    return step;
  }

  last(): DemoStep | undefined {
    return this.steps.at(-1);
  }

  has(kind: DemoStepKind): boolean {
    return this.steps.some((step) => step.kind === kind);
  }
}
