import type { AoContext } from "../../context.js";
import { messageOf } from "../../errors.js";
import type { DoctorCheck } from "../check.js";
import { findEmptyStoreRepairs } from "./empty-store.js";
import { findModeRepairs } from "./private-modes.js";
import type { Repair, RepairOutcome } from "./repair.js";
import { findStaleFileRepairs } from "./stale-files.js";

/** Everything `ao doctor --fix` would set right on this AO_HOME now (nothing is changed here). */
export async function findRepairs(
  ctx: Pick<AoContext, "paths" | "clock">,
  options: RepairOptions = {},
): Promise<Repair[]> {
  const [modes, stale, store] = await Promise.all([
    findModeRepairs(ctx.paths),
    findStaleFileRepairs(ctx.paths, ctx.clock.now()),
    findEmptyStoreRepairs(ctx.paths, ctx.clock.now(), { moveAside: options.moveAsideStore }),
  ]);
  return [...modes, ...stale, ...store];
}

export interface RepairOptions {
  /** `--move-aside-store` (see EmptyStoreOptions). */
  readonly moveAsideStore?: boolean | undefined;
}

/**
 * Without `fix` every repair is `planned` (a dry run). With it each is applied in order and then
 * looked for again: one that is still there, or whose step threw, is `failed` with the reason, so
 * a fix that did not hold is never reported as done.
 */
export async function runRepairs(
  ctx: Pick<AoContext, "paths" | "clock" | "logger">,
  fix: boolean,
  options: RepairOptions = {},
): Promise<RepairOutcome[]> {
  const repairs = await findRepairs(ctx, options);
  if (!fix) return repairs.map((repair) => outcome(repair, "planned"));
  const errors = new Map<string, string>();
  for (const repair of repairs) {
    try {
      await repair.apply();
    } catch (error) {
      errors.set(repair.id, messageOf(error));
    }
  }
  const left = new Set((await findRepairs(ctx, options)).map((repair) => repair.id));
  const outcomes = repairs.map((repair) => {
    const error = errors.get(repair.id) ?? (left.has(repair.id) ? "still there after the fix" : undefined);
    return outcome(repair, error === undefined ? "fixed" : "failed", error);
  });
  ctx.logger.info("doctor.fix", { fixed: outcomes.filter((o) => o.status === "fixed").map((o) => o.id) });
  return outcomes;
}

/** A planned repair is a warning (`ao doctor --fix` sets it right); a failed one is a failure. */
export function repairChecks(outcomes: readonly RepairOutcome[]): DoctorCheck[] {
  return outcomes
    .filter((o) => o.status !== "fixed")
    .map((o) => ({
      id: `repair:${o.id}`,
      title: o.title,
      status: o.status === "planned" ? "warn" : "fail",
      detail: o.status === "planned" ? o.problem : `${o.problem}; \`${o.action}\` failed: ${o.error ?? ""}`,
      fix: o.status === "planned" ? `ao doctor --fix  (${o.action})` : o.action,
    }));
}

function outcome(repair: Repair, status: RepairOutcome["status"], error?: string): RepairOutcome {
  const { id, title, problem, action } = repair;
  return { id, title, problem, action, status, ...(error === undefined ? {} : { error }) };
}
