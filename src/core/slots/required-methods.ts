import type { Slot } from "../registry/catalog.js";
import type { SlotInterfaces } from "./index.js";

type MethodsOf<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends (...args: never[]) => unknown ? K : never;
}[keyof T];
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type RequiredMethodsOf<T> = MethodsOf<T> & RequiredKeys<T>;

/**
 * The methods the core calls unconditionally, per slot. The registry checks a plugin instance
 * has them, so a half-written external plugin fails when it is loaded rather than mid-cycle.
 * Everything else on a slot interface is an optional capability the core tests for.
 */
export const REQUIRED_METHODS = {
  runtime: ["create", "liveness", "deliver", "stop"],
  agent: ["launch", "activity"],
  workspace: ["create", "exists", "restore", "destroy"],
  tracker: ["getIssue", "branchName", "taskPrompt"],
  scm: ["push", "findPullRequest", "openPullRequest", "observe", "merge"],
  notifier: ["notify"],
  terminal: ["open"],
  lifecycle: ["decide"],
} as const satisfies { [S in Slot]: readonly RequiredMethodsOf<SlotInterfaces[S]>[] };

/** Fails to compile when a slot interface gains a required method that is not listed above. */
type Unlisted = {
  [S in Slot]: Exclude<RequiredMethodsOf<SlotInterfaces[S]>, (typeof REQUIRED_METHODS)[S][number]>;
}[Slot];
type EveryRequiredMethodIsListed = [Unlisted] extends [never] ? true : never;
const _listed: EveryRequiredMethodIsListed = true;
void _listed;
