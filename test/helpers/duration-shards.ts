import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A file's seconds when test/durations.json does not know it yet (a new or a quick file). */
export const UNKNOWN_FILE_SECONDS = 2;

/** test/durations.json: seconds per file (paths from the repository's root), from a past run. */
export function readDurations(path: string): Record<string, number> {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as { seconds?: Record<string, number> };
  return parsed.seconds ?? {};
}

/**
 * Files into `count` parts of about equal time: the longest first, each to the part with the least
 * time so far (ties by path, so every shard of a run computes the same parts).
 */
export function balanceByDuration<T>(
  files: readonly T[],
  pathOf: (file: T) => string,
  seconds: Readonly<Record<string, number>>,
  count: number,
): T[][] {
  const weight = (file: T) => seconds[pathOf(file)] ?? UNKNOWN_FILE_SECONDS;
  const ordered = [...files].sort(
    (a, b) => weight(b) - weight(a) || (pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : 0),
  );
  const parts = Array.from({ length: count }, () => ({ load: 0, files: [] as T[] }));
  for (const file of ordered) {
    const lightest = parts.reduce((best, part) => (part.load < best.load ? part : best));
    lightest.files.push(file);
    lightest.load += weight(file);
  }
  return parts.map((part) => part.files);
}

/**
 * vitest's sequencer with `--shard=i/n` cut by past durations instead of a hash of the path, so
 * scripts/test.mjs's parts of a long group take about the same time (docs/testing.md).
 */
export function durationSequencer(durationsPath: string) {
  return class DurationSequencer extends BaseSequencer {
    override shard(files: TestSpecification[]): Promise<TestSpecification[]> {
      const { shard, root } = this.ctx.config;
      if (shard === undefined) return Promise.resolve(files);
      const pathOf = (spec: TestSpecification) => relative(root, spec.moduleId).split("\\").join("/");
      const parts = balanceByDuration(files, pathOf, readDurations(durationsPath), shard.count);
      return Promise.resolve(parts[shard.index - 1] ?? []);
    }
  };
}
