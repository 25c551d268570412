import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Exec, ExecOptions } from "../../../src/core/exec.js";
import { listConflictPairs, listEvents } from "../../../src/core/store/index.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeLifecycleFixture, type LifecycleFixture } from "../lifecycle/lifecycle-fixture.js";

const LINES = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);

/** A commit on `branch` (created from main when new) that writes `file` with `lines`; back on main after. */
function commitOn(f: LifecycleFixture, branch: string, file: string, lines: readonly string[]): void {
  const dir = f.repo.dir;
  const exists = runGit(dir, ["branch", "--list", branch]) !== "";
  runGit(dir, exists ? ["checkout", "-q", branch] : ["checkout", "-q", "-b", branch, "main"]);
  writeFileSync(join(dir, file), `${lines.join("\n")}\n`);
  runGit(dir, ["add", "-A"]);
  runGit(dir, ["commit", "-q", "-m", `${branch}: ${file}`]);
  runGit(dir, ["checkout", "-q", "main"]);
}

function edited(changes: Record<number, string>): string[] {
  return LINES.map((line, index) => changes[index + 1] ?? line);
}

/** Counts `git merge-tree` runs through the context's exec. */
function countMergeTrees(f: LifecycleFixture): { count: number } {
  const counter = { count: 0 };
  const exec: Exec = f.ctx.exec;
  (f.ctx as { exec: Exec }).exec = (file: string, args: readonly string[], options?: ExecOptions) => {
    if (file === "git" && args.includes("merge-tree")) counter.count += 1;
    return exec(file, args, options);
  };
  return counter;
}

async function threeSessions(f: LifecycleFixture): Promise<void> {
  writeFileSync(join(f.repo.dir, "app.txt"), `${LINES.join("\n")}\n`);
  runGit(f.repo.dir, ["add", "-A"]);
  runGit(f.repo.dir, ["commit", "-q", "-m", "app.txt"]);
  for (let n = 1; n <= 3; n += 1) await f.addSession();
  commitOn(f, "session/app-1", "app.txt", edited({ 5: "five by app-1" }));
  commitOn(f, "session/app-2", "app.txt", edited({ 5: "five by app-2", 6: "six by app-2" }));
  commitOn(f, "session/app-3", "app.txt", edited({ 18: "eighteen by app-3" }));
}

describe("the conflict radar in a lifecycle cycle (real git)", () => {
  it("names the conflicting pair with its lines and the others as overlap, each pair merged once", async () => {
    const f = makeLifecycleFixture();
    await threeSessions(f);
    const merges = countMergeTrees(f);
    const report = await f.cycle();
    expect(report.errors).toEqual([]);
    const pairs = listConflictPairs((await f.engine()).store, { project: "app" });
    const kinds = Object.fromEntries(
      pairs.map((pair) => [`${pair.left}/${pair.right ?? "main"}`, pair.kind]),
    );
    expect(kinds).toEqual({
      "app-1/app-2": "conflict",
      "app-1/app-3": "overlap",
      "app-2/app-3": "overlap",
      "app-1/main": "clean",
      "app-2/main": "clean",
      "app-3/main": "clean",
    });
    const conflict = pairs.find((pair) => pair.kind === "conflict")!;
    expect(conflict.files).toEqual(["app.txt"]);
    // Lines 1-4 merge cleanly; app-2's lines 5-6 overlap app-1's line 5, so the block (markers
    // on lines 5, 8 and 11) holds both sides' lines 5-6.
    expect(conflict.hunks).toEqual([{ file: "app.txt", start: 5, end: 11, leftLines: 2, rightLines: 2 }]);
    expect(merges.count).toBe(6);

    const predicted = listEvents((await f.engine()).store, { type: "conflict.predicted" });
    expect(predicted.map((event) => [event.sessionId, event.payload["kind"], event.payload["with"]])).toEqual(
      [
        ["app-2", "conflict", "app-1"],
        ["app-3", "overlap", "app-1"],
        ["app-3", "overlap", "app-2"],
      ],
    );
    const told = f.notifier.forSession("app-2");
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain("- app.txt: lines 5-11 of the merge");
    expect(told[0]!.body).toContain("app-1 (branch session/app-1)");

    await f.cycle();
    expect(merges.count).toBe(6);
    expect(listEvents((await f.engine()).store, { type: "conflict" })).toHaveLength(3);
    expect(f.notifier.forSession("app-2")).toHaveLength(1);
  });

  it("clears the pairs of a head that moved away, merging only the pairs it is in", async () => {
    const f = makeLifecycleFixture();
    await threeSessions(f);
    await f.cycle();
    const merges = countMergeTrees(f);
    // app-2 gives up its change to app.txt and works on another file instead.
    commitOn(f, "session/app-2", "app.txt", LINES);
    commitOn(f, "session/app-2", "other.txt", ["app-2's own file"]);
    const report = await f.cycle();
    expect(report.errors).toEqual([]);
    expect(merges.count).toBe(3);
    const store = (await f.engine()).store;
    const cleared = listEvents(store, { type: "conflict.cleared" });
    expect(cleared.map((event) => [event.sessionId, event.payload["was"], event.payload["with"]])).toEqual([
      ["app-2", "conflict", "app-1"],
      ["app-3", "overlap", "app-2"],
    ]);
    const live = listConflictPairs(store, { project: "app", kinds: ["conflict", "overlap"] });
    expect(live.map((pair) => `${pair.left}/${pair.right} ${pair.kind}`)).toEqual(["app-1/app-3 overlap"]);
  });

  it("with send-to-agent, tells the later session which files and lines the earlier one is changing", async () => {
    const f = makeLifecycleFixture();
    f.writeConfig("reactions:\n  conflict-predicted:\n    action: send-to-agent");
    await threeSessions(f);
    await f.cycle();
    expect(f.turns("app-1")).toEqual([]);
    expect(f.turns("app-3")).toEqual([]);
    const [turn] = f.turns("app-2");
    expect(turn).toMatchObject({ origin: "reaction", status: "running" });
    const told = f.transcript("app-2").join("\n");
    expect(told).toContain("app-1 (branch session/app-1)");
    expect(told).toContain("- app.txt: lines 5-11 of the merge");
    expect(told).toContain("git diff main...session/app-1");
    expect(f.notifier.forSession("app-2")).toEqual([]);
  });
});
