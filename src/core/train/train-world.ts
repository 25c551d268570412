import type { AoContext } from "../context.js";
import type { Scm } from "../slots/index.js";
import type { Session, Store } from "../store/index.js";

/** One project's train as the steps see it: its repository, default branch and update mode. */
export interface TrainProject {
  readonly id: string;
  /** The main checkout: the repository the default branch is merged into. */
  readonly repo: string;
  readonly defaultBranch: string;
  readonly update: "rebase" | "merge";
  /** mergeQueue.batch: how many entries are tested together (1: one at a time). */
  readonly batch: number;
}

/**
 * What the train works with, handed down by the lifecycle's cycle (which owns the plugins): the
 * context, the store, and the project's scm, through which it observes CI and merges.
 */
export interface TrainWorld {
  readonly ctx: Pick<AoContext, "exec" | "paths" | "clock">;
  readonly store: Store;
  readonly project: TrainProject;
  readonly scm: Scm;
}

/** What one step did with an entry: moved it on, or waits for something (named for `ao queue`). */
export type StepOutcome =
  | { readonly kind: "progressed" }
  | { readonly kind: "waiting"; readonly on: string }
  | { readonly kind: "left"; readonly session: Session; readonly entryId: number }
  | { readonly kind: "landed"; readonly entryId: number }
  /** A batch's step: the members that left (their agents get a turn) and how many landed. */
  | {
      readonly kind: "batch";
      readonly left: readonly { readonly session: Session; readonly entryId: number }[];
      readonly landed: number;
    };
