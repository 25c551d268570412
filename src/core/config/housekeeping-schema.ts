import { z } from "zod";

/*
 * Two sections the original ao's users already write (issue 17), with the original's meaning:
 * `power:` keeps the machine awake while agents work, `lifecycle:` tidies merged sessions. Their
 * defaults differ from the original's on purpose (nothing is removed or held unless asked for):
 * docs/switching.md says so key by key.
 */
export const powerSchema = z
  .strictObject({
    preventIdleSleep: z.boolean().default(false).meta({
      description:
        "Keep the machine from idle-sleeping while an agent works: the daemon holds systemd-inhibit (Linux) or caffeinate (macOS) when on PATH.",
    }),
  })
  .meta({ description: "Power management while the daemon runs." });

/** The original rejects 1–9999: a value in seconds written where milliseconds are meant. */
const graceMs = z
  .int()
  .min(0)
  .refine((ms) => ms === 0 || ms >= 10_000, {
    error: "is in milliseconds: use 0 (no grace) or at least 10000 (10 s); 300000 is 5 minutes",
  });

export const mergeCleanupSchema = z
  .strictObject({
    autoCleanupOnMerge: z.boolean().default(false).meta({
      description:
        "Once a session's PR is merged (and the grace period passed), stop its runtime and remove its worktree; the branch is kept.",
    }),
    mergeCleanupIdleGraceMs: graceMs.default(300_000).meta({
      description:
        "Milliseconds to wait after the merge before the cleanup (0: at the next cycle). Default 5 minutes.",
    }),
  })
  .meta({ description: "What the daemon does with a session once its PR is merged." });

export type RawPower = z.output<typeof powerSchema>;
export type RawMergeCleanup = z.output<typeof mergeCleanupSchema>;
