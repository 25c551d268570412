/**
 * A stand-in for the Bottleneck group plugin-throttling spaces writes (and GraphQL queries) with.
 * GitHub asks for about a second between mutating requests; tests ask for none. Only the part of
 * Bottleneck's Group API the plugin calls is here: `key(id).schedule(options, fn, ...args)`.
 */
export interface SpacedGroup {
  key(id: string): {
    schedule<A extends unknown[], R>(
      options: unknown,
      fn: (...args: A) => R | Promise<R>,
      ...args: A
    ): Promise<R>;
  };
}

export function spacedGroup(spacingMs: number): SpacedGroup {
  const lanes = new Map<string, ReturnType<SpacedGroup["key"]>>();
  const lane = (): ReturnType<SpacedGroup["key"]> => {
    let nextStart = 0;
    return {
      schedule: async (_options, fn, ...args) => {
        const now = Date.now();
        const start = Math.max(now, nextStart);
        nextStart = start + spacingMs;
        if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
        return fn(...args);
      },
    };
  };
  return {
    key: (id) => {
      const existing = lanes.get(id);
      if (existing) return existing;
      const created = lane();
      lanes.set(id, created);
      return created;
    },
  };
}
