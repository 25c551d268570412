import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { balanceByDuration, readDurations, UNKNOWN_FILE_SECONDS } from "../helpers/duration-shards.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const same = (path: string) => path;

describe("the suite's parts by past durations (scripts/test.mjs --shard)", () => {
  it("puts the longest files apart and fills each part up to about the same time", () => {
    const seconds = { "a.ts": 90, "b.ts": 80, "c.ts": 50, "d.ts": 40, "e.ts": 30, "f.ts": 10 };
    const parts = balanceByDuration(Object.keys(seconds), same, seconds, 2);
    expect(parts).toEqual([
      ["a.ts", "d.ts", "e.ts"],
      ["b.ts", "c.ts", "f.ts"],
    ]);
    expect(parts.flat().sort()).toEqual(Object.keys(seconds));
  });

  it("counts a file it has no duration for as a short one, and cuts the same way every time", () => {
    const seconds = { "long.ts": 100 };
    const files = ["new-1.ts", "long.ts", "new-2.ts", "new-3.ts"];
    const parts = balanceByDuration(files, same, seconds, 2);
    expect(parts).toEqual([["long.ts"], ["new-1.ts", "new-2.ts", "new-3.ts"]]);
    expect(balanceByDuration([...files].reverse(), same, seconds, 2)).toEqual(parts);
    expect(UNKNOWN_FILE_SECONDS * 3).toBeLessThan(100);
  });

  it("test/durations.json names only files that exist", () => {
    const known = Object.keys(readDurations(join(root, "test/durations.json")));
    expect(known.length).toBeGreaterThan(0);
    expect(known.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
