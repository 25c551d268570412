/**
 * What the seeded fault tests share: the seed (AO_FAULT_SEED, default 25), so a failure names the
 * seed and the run that reproduce it, and a small generator to place the kills with.
 */
export const FAULT_SEED = Number(process.env["AO_FAULT_SEED"] ?? "25");

/** mulberry32: a small seeded generator of numbers in [0, 1), enough to place kills. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
