import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookRecorderCommand } from "../../../src/plugins/agent/_shared/hook-recorder.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** Runs the recorder the way Claude Code runs a hook: through `sh -c`, the event's JSON on stdin. */
function runHook(eventsFile: string, event: object): void {
  execFileSync("/bin/sh", ["-c", hookRecorderCommand(process.execPath, eventsFile)], {
    input: JSON.stringify(event),
  });
}

describe("the hook recorder program", () => {
  it("makes .ao in an existing checkout and appends the event", () => {
    const worktree = join(makeTempDir("ao-rec-"), "app-1");
    mkdirSync(worktree);
    const file = join(worktree, ".ao", "agent-events.jsonl");
    runHook(file, { hook_event_name: "SessionStart" });
    runHook(file, { hook_event_name: "Stop" });
    const names = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { hook_event_name: string }).hook_event_name);
    expect(names).toEqual(["SessionStart", "Stop"]);
  });

  it("never recreates a checkout that was removed (a SessionEnd arriving after `ao session kill --purge`)", () => {
    const worktree = join(makeTempDir("ao-rec-"), "app-1");
    mkdirSync(join(worktree, ".ao"), { recursive: true });
    rmSync(worktree, { recursive: true });
    runHook(join(worktree, ".ao", "agent-events.jsonl"), { hook_event_name: "SessionEnd", reason: "other" });
    expect(existsSync(worktree)).toBe(false);
  });
});
