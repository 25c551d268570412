import type { AoContext } from "../../core/context.js";
import { messageOf } from "../../core/errors.js";
import { checkoutHead, diffSize, hostCheckout } from "../../core/sessions/index.js";
import type { Session } from "../../core/store/index.js";
import type { DiffBrief } from "../api/types.js";

/**
 * The diff size of each live session's branch for the fleet's cards, measured in the background
 * and cached by head: reading the fleet never waits for git. A session asked for is looked at again
 * at most every `recheckMs` (one `git rev-parse HEAD`); only a head that moved costs a
 * `git diff --numstat base...head`. `version` changes when a size does, so the fleet is recomputed.
 */
export interface DiffSizes {
  /** The size last measured (null before the first), and a look at the head when one is due. */
  of(session: Session, base: string | undefined): DiffBrief | null;
  /** Increases whenever a measured size changed. */
  version(): number;
  /** Resolves once the looks asked for so far are done (tests, and a clean shutdown). */
  settled(): Promise<void>;
}

export interface DiffSizesOptions {
  readonly ctx: Pick<AoContext, "exec">;
  readonly now: () => number;
  /** Default 10 s. */
  readonly recheckMs?: number;
  readonly onError?: (error: unknown) => void;
}

interface Entry {
  size: DiffBrief | null;
  checkedAt: number;
}

/** Checkouts on this machine only: a checkout inside a remote session shows no size (null). */
export function createDiffSizes(options: DiffSizesOptions): DiffSizes {
  const entries = new Map<string, Entry>();
  let changes = 0;
  let queue: Promise<void> = Promise.resolve();
  const look = async (session: Session, base: string, entry: Entry): Promise<void> => {
    const checkout = hostCheckout(options.ctx, session.worktree);
    const head = await checkoutHead(checkout);
    if (head === undefined || head === entry.size?.head) return;
    const size = await diffSize(checkout, base, head);
    if (size === undefined) return;
    entry.size = { added: size.added, removed: size.removed, files: size.files, head, base: size.base };
    changes += 1;
  };
  return {
    of(session, base) {
      const entry = entries.get(session.id) ?? { size: null, checkedAt: Number.NEGATIVE_INFINITY };
      entries.set(session.id, entry);
      const now = options.now();
      if (base !== undefined && now - entry.checkedAt >= (options.recheckMs ?? 10_000)) {
        entry.checkedAt = now;
        // One look at a time: a fleet of many sessions never runs many gits at once.
        queue = queue.then(() =>
          look(session, base, entry).catch((error: unknown) =>
            options.onError?.(new Error(`diff size of ${session.id}: ${messageOf(error)}`)),
          ),
        );
      }
      return entry.size;
    },
    version: () => changes,
    settled: () => queue,
  };
}
