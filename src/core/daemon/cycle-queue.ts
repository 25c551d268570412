import type { CycleOptions, CycleReport } from "./cycle-types.js";

interface Batch {
  all: boolean;
  /** A request that knows something changed (a webhook) joined: the scm must not trust its cache. */
  fresh: boolean;
  readonly ids: Set<string>;
  readonly waiters: ((report: CycleReport | undefined) => void)[];
}

/**
 * Runs cycles one at a time. A request while a cycle runs joins the single batch queued behind it
 * (a full cycle absorbs session-specific ones, and their `fresh`), so a burst of webhooks costs one
 * extra cycle, and two cycles never observe and decide over each other.
 */
export class CycleQueue {
  #next: Batch | undefined;
  #draining: Promise<void> | undefined;
  #closed = false;

  constructor(
    private readonly run: (options: CycleOptions) => Promise<CycleReport>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Resolves with the report of the cycle that covered the request; undefined once closed.
   * `fresh`: something is known to have changed (CycleOptions.fresh).
   */
  request(
    sessionIds?: readonly string[],
    options: { fresh?: boolean } = {},
  ): Promise<CycleReport | undefined> {
    if (this.#closed) return Promise.resolve(undefined);
    const batch = (this.#next ??= { all: false, fresh: false, ids: new Set(), waiters: [] });
    if (options.fresh === true) batch.fresh = true;
    if (sessionIds === undefined) batch.all = true;
    else for (const id of sessionIds) batch.ids.add(id);
    const done = new Promise<CycleReport | undefined>((resolve) => batch.waiters.push(resolve));
    this.#draining ??= this.#drain();
    return done;
  }

  /** Starts no more cycles; resolves when the one in flight, if any, has finished. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#draining;
  }

  async #drain(): Promise<void> {
    while (this.#next !== undefined && !this.#closed) {
      const batch = this.#next;
      this.#next = undefined;
      const report = await this.#runBatch(batch);
      for (const resolve of batch.waiters) resolve(report);
    }
    // Requests that arrived after close was called get no cycle.
    for (const resolve of this.#next?.waiters ?? []) resolve(undefined);
    this.#next = undefined;
    this.#draining = undefined;
  }

  async #runBatch(batch: Batch): Promise<CycleReport | undefined> {
    try {
      const scope = batch.all ? {} : { sessionIds: [...batch.ids] };
      return await this.run(batch.fresh ? { ...scope, fresh: true } : scope);
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }
}
