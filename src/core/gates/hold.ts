import { AoError } from "../errors.js";

/**
 * What a gate answers when it holds a session's turns or a spawn: which gate, the status it gives
 * the session, the words a person reads (the agent's own limit message, the budget crossed) and,
 * for a usage limit, when it lifts.
 */
export interface Hold {
  readonly gate: "rate_limit" | "budget";
  readonly status: "rate_limited" | "over_budget";
  /** The reason code stored beside the status. */
  readonly reason: "usage_limit" | "session_budget" | "project_budget";
  readonly words: string;
  /** When the hold lifts by itself (ms since the epoch): a limit's reset. Absent for a budget. */
  readonly until?: number | undefined;
  /** For a usage limit: the account whose limit it is (`<agent>` or `<agent>@<fingerprint>`). */
  readonly account?: string | undefined;
  /** For a budget: whose. */
  readonly scope?: "session" | "project" | undefined;
}

/** The hold as an error for a caller that cannot wait (`ao send`, a spawn without --queue). */
export function heldError(hold: Hold, what: string, hint: string): AoError {
  const when = hold.until === undefined ? "" : ` until ${new Date(hold.until).toISOString()}`;
  return new AoError(
    hold.gate === "rate_limit" ? "E_RATE_LIMITED" : "E_OVER_BUDGET",
    `${what} is held${when}: ${hold.words}`,
    {
      hint,
      details: {
        gate: hold.gate,
        reason: hold.reason,
        ...(hold.until === undefined ? {} : { until: hold.until }),
        ...(hold.account === undefined ? {} : { account: hold.account }),
        words: hold.words,
      },
    },
  );
}
