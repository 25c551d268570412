import { describe, expect, it } from "vitest";
import {
  conflictHunks,
  pairChange,
  parseMergeTree,
  parseTreeDiffs,
  radarWork,
  wantedPairs,
  type RadarHead,
} from "../../../src/core/conflicts/index.js";
import type { ConflictPair } from "../../../src/core/store/index.js";

const head = (sessionId: string, createdAt: number, sha: string): RadarHead => ({
  sessionId,
  branch: `session/${sessionId}`,
  createdAt,
  sha,
});

describe("conflictHunks", () => {
  it("finds each block's lines and each side's line count, diff3 base section left out", () => {
    const text = [
      "a",
      "<<<<<<< left",
      "mine",
      "||||||| base",
      "old",
      "=======",
      "theirs 1",
      "theirs 2",
      ">>>>>>> right",
      "b",
      "<<<<<<< left",
      "=======",
      "x",
      ">>>>>>> right",
    ].join("\n");
    expect(conflictHunks("f.ts", text)).toEqual([
      { file: "f.ts", start: 2, end: 9, leftLines: 1, rightLines: 2 },
      { file: "f.ts", start: 11, end: 14, leftLines: 0, rightLines: 1 },
    ]);
  });

  it("does not count a block left open at the end (the file held a marker of its own)", () => {
    expect(conflictHunks("f.ts", "<<<<<<< left\nmine\n=======\ntheirs\n")).toEqual([]);
  });
});

describe("parseMergeTree", () => {
  it("reads the tree and each conflicted path once, sorted", () => {
    expect(parseMergeTree("abc123\0b.ts\0a.ts\0b.ts\0")).toEqual({ tree: "abc123", files: ["a.ts", "b.ts"] });
    expect(parseMergeTree("abc123\0")).toEqual({ tree: "abc123", files: [] });
  });
});

describe("parseTreeDiffs", () => {
  it("reads each echoed line's paths, twice the same line and empty diffs included", () => {
    const lines = ["t1 m", "t2 m", "t1 m"];
    const stdout = "t1 m\na.ts\0b.ts\0t2 m\nt1 m\na.ts\0b.ts\0";
    expect(parseTreeDiffs(stdout, lines)).toEqual([["a.ts", "b.ts"], [], ["a.ts", "b.ts"]]);
  });

  it("reads an answer whose final newline the exec chokepoint dropped (the last diff empty)", () => {
    expect(parseTreeDiffs("t1 m\na.ts\0t2 m", ["t1 m", "t2 m"])).toEqual([["a.ts"], []]);
    expect(parseTreeDiffs("t1 m\nt1 m", ["t1 m", "t1 m"])).toEqual([[], []]);
  });

  it("refuses an answer that does not follow the lines it was given", () => {
    expect(() => parseTreeDiffs("t2 m\n", ["t1 m"])).toThrow('did not answer for "t1 m"');
  });
});

describe("wantedPairs and radarWork", () => {
  const heads = [head("app-3", 3, "c1"), head("app-1", 1, "a1"), head("app-2", 2, "b1")];
  const base = { branch: "main", sha: "m1" };

  it("pairs every two sessions, the earlier on the left, and each with the default branch", () => {
    const pairs = wantedPairs(heads, base).map((pair) => `${pair.left}/${pair.right ?? pair.rightBranch}`);
    expect(pairs).toEqual([
      "app-1/app-2",
      "app-1/app-3",
      "app-1/main",
      "app-2/app-3",
      "app-2/main",
      "app-3/main",
    ]);
    expect(wantedPairs(heads, undefined)).toHaveLength(3);
  });

  it("checks only the pairs whose heads moved, and forgets pairs of sessions no longer live", () => {
    const stored = wantedPairs(heads, base).map((pair) => storedPair(pair));
    const moved = [head("app-1", 1, "a1"), head("app-2", 2, "b2")];
    const work = radarWork(wantedPairs(moved, base), stored);
    expect(work.check.map((pair) => `${pair.left}/${pair.right ?? "main"}`)).toEqual([
      "app-1/app-2",
      "app-2/main",
    ]);
    expect(work.gone.map((pair) => `${pair.left}/${pair.right ?? "main"}`)).toEqual([
      "app-1/app-3",
      "app-2/app-3",
      "app-3/main",
    ]);
  });
});

describe("pairChange", () => {
  const wanted = wantedPairs([head("app-1", 1, "a1"), head("app-2", 2, "b1")], undefined)[0]!;
  const conflict = { kind: "conflict" as const, files: ["f.ts"], hunks: [] };

  it("predicts a new conflict about the later session, keeps `since` while it lasts, clears it", () => {
    const first = pairChange("app", wanted, conflict, undefined, 100);
    expect(first.event).toMatchObject({
      type: "conflict.predicted",
      sessionId: "app-2",
      payload: { with: "app-1" },
    });
    const again = pairChange("app", wanted, conflict, first.pair, 200);
    expect(again.event).toBeUndefined();
    expect(again.pair.since).toBe(100);
    const wider = pairChange("app", wanted, { ...conflict, files: ["f.ts", "g.ts"] }, again.pair, 300);
    expect(wider.event?.type).toBe("conflict.predicted");
    expect(wider.pair.since).toBe(100);
    const clean = pairChange("app", wanted, { kind: "clean", files: [], hunks: [] }, wider.pair, 400);
    expect(clean.event).toMatchObject({
      type: "conflict.cleared",
      payload: { was: "conflict", reason: "merges_cleanly" },
    });
    expect(clean.pair.since).toBe(400);
    expect(
      pairChange("app", wanted, { kind: "clean", files: [], hunks: [] }, clean.pair, 500).event,
    ).toBeUndefined();
  });
});

function storedPair(pair: ReturnType<typeof wantedPairs>[number]): ConflictPair {
  return { project: "app", ...pair, kind: "clean", files: [], hunks: [], since: 0, checkedAt: 0 };
}
