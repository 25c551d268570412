import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { checkProcess, processRef } from "../process-identity.js";
import type { Turn, TurnClaimant } from "../store/index.js";

/**
 * A delivery never takes this long (the runtimes give up on a paste after seconds): a claim this
 * old is an orphan even when its pid cannot be checked (another host) or was reused.
 */
const CLAIM_LEASE_MS = 10 * 60_000;

/** The claims this process holds right now; a claim of this pid that is not here died with its caller. */
const inFlight = new Set<string>();

/**
 * A new claim for this process, and its release once the delivery is over (delivered, failed or
 * thrown). Reading the pid and host is not a side effect worth a context seam.
 */
export function holdClaim(): { claimant: TurnClaimant; release(): void } {
  const claimant: TurnClaimant = { ...processRef(process.pid), host: hostname(), token: randomUUID() };
  inFlight.add(claimant.token);
  return { claimant, release: () => inFlight.delete(claimant.token) };
}

/**
 * Whether the process that claimed a `delivering` turn may still be delivering it. This process
 * knows its own claims; another process on this host by its pid and start time (one that cannot be
 * checked counts as alive); one on another host counts as alive until the lease ran out.
 */
export function claimIsLive(turn: Pick<Turn, "claimant" | "claimedAt">, now: number): boolean {
  const claimant = turn.claimant;
  if (claimant === null || turn.claimedAt === null) return false;
  if (now - turn.claimedAt > CLAIM_LEASE_MS) return false;
  if (claimant.host !== hostname()) return true;
  if (claimant.pid === process.pid) return inFlight.has(claimant.token);
  const identity = checkProcess(claimant.pid, claimant.startTime ?? "").kind;
  return identity === "same" || identity === "unknown";
}
