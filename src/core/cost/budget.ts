import { readSpend, type Spend } from "./read-spend.js";
import type { BudgetConfig, BudgetLine, ProjectConfig } from "../config/types.js";
import type { Store } from "../store/index.js";
import type { Hold } from "../gates/hold.js";

/**
 * A budget line that cannot be checked: its agent records no usage at all (nothing to count), or it
 * counts money and nothing of the spend is priced.
 */
export interface Unenforced {
  readonly scope: "session" | "project";
  readonly why: string;
}

export interface BudgetVerdict {
  readonly hold?: Hold | undefined;
  readonly unenforced: readonly Unenforced[];
}

/**
 * The budget gate: a session over its own budget, or whose project is over the project's, gets no
 * new turns; a project over its budget holds new spawns (no session: only the project line is
 * asked). Checked against recorded spend only (readSpend); money with no priced record is
 * `unenforced`, said so, and never taken for zero.
 */
export function budgetHold(
  store: Store,
  project: ProjectConfig,
  sessionId: string | undefined,
  now: number,
): BudgetVerdict {
  const unenforced: Unenforced[] = [];
  const lines: [scope: "session" | "project", BudgetLine | undefined][] = [
    ["session", sessionId === undefined ? undefined : project.budget.session],
    ["project", project.budget.project],
  ];
  for (const [scope, line] of lines) {
    if (line === undefined) continue;
    const since = line.per === "day" ? localMidnight(now) : undefined;
    const spend = readSpend(
      store,
      scope === "session" ? { sessionId, since } : { projectId: project.id, since },
    );
    const over = overBy(spend, line, since !== undefined);
    if (over.unenforced !== undefined) unenforced.push({ scope, why: `budget.${scope}.${over.unenforced}` });
    if (over.words !== undefined)
      return {
        hold: { gate: "budget", status: "over_budget", reason: `${scope}_budget`, words: over.words, scope },
        unenforced,
      };
  }
  return { unenforced };
}

function overBy(spend: Spend, line: BudgetLine, daily: boolean): { words?: string; unenforced?: string } {
  const span = daily ? "today" : line.per === "session" ? "so far" : "";
  if (line.maxTokens !== undefined && spend.tokens !== null && spend.tokens >= line.maxTokens)
    return { words: `${spend.tokens} of ${line.maxTokens} tokens ${span}`.trim() };
  if (line.maxCostUsd === undefined) return {};
  // Unpriced records make a money line unenforceable; no record yet (a session's first turn, its
  // task, still running: every session has one since issue 25) is nothing spent so far.
  if (spend.usd === null)
    return spend.tokens === null
      ? {}
      : {
          unenforced: `maxCostUsd ${line.maxCostUsd}: the agent's cost is unknown (no record of its spend has a price)`,
        };
  if (spend.usd >= line.maxCostUsd)
    return { words: `${usdText(spend.usd)} of ${usdText(line.maxCostUsd)} ${span}`.trim() };
  return {};
}

/** Cents, or three significant digits below a cent: "$0.00 of $0.00" would say nothing. */
function usdText(usd: number): string {
  return usd === 0 || usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${Number(usd.toPrecision(3))}`;
}

/**
 * The budget lines of `budget` an agent that records no usage (aider, a plain command) leaves
 * unenforceable: every line that counts anything, since its spend is unknown — never taken for 0.
 */
export function unrecordedBudgets(budget: BudgetConfig, agent: string): Unenforced[] {
  const lines: [scope: "session" | "project", BudgetLine | undefined][] = [
    ["session", budget.session],
    ["project", budget.project],
  ];
  return lines.flatMap(([scope, line]) => {
    const keys =
      line === undefined
        ? []
        : (["maxCostUsd", "maxTokens"] as const).filter((key) => line[key] !== undefined);
    return keys.length === 0
      ? []
      : [
          {
            scope,
            why: `${keys.map((key) => `budget.${scope}.${key}`).join(", ")}: the agent ${agent} records no usage, so its cost and tokens are unknown`,
          },
        ];
  });
}

/** Midnight of `now`'s day on this machine's clock: where a daily budget starts counting. */
export function localMidnight(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}
