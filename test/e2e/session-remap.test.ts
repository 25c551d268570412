import { copyFileSync, readdirSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentStarts, eventually, hookEvents, makeE2e, type E2e } from "./e2e-fixture.js";

/** Where the fake claude (like the real one) keeps a checkout's transcripts. */
function transcriptDir(e2e: E2e, worktree: string): string {
  return join(e2e.userHome, ".claude", "projects", worktree.replace(/[^A-Za-z0-9]/g, "-"));
}

function remap(e2e: E2e, args: string[]): { from: string | null; to: string; source: string } {
  const run = e2e.ao(["session", "remap", ...args, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { from: string | null; to: string; source: string };
}

describe("ao session remap (tmux, the fake claude's transcripts, the built binary)", () => {
  it(
    "finds the newest conversation in the checkout, or takes the one given, and restore resumes that one",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      const worktree = e2e.worktree("app-1");
      const first = await eventually(
        () =>
          hookEvents(worktree).find((event) => event["hook_event_name"] === "Stop")?.["session_id"] as
            string | undefined,
        "the agent's first turn",
      );
      expect(e2e.ao(["session", "kill", "app-1"]).exitCode).toBe(0);

      // A conversation ao never saw start: the person ran claude in the checkout themselves.
      const dir = transcriptDir(e2e, worktree);
      const later = "0b5e7c1a-2f4d-4e6a-9c3b-7d8e9f0a1b2c";
      copyFileSync(join(dir, `${first}.jsonl`), join(dir, `${later}.jsonl`));
      const future = new Date(Date.now() + 60_000);
      utimesSync(join(dir, `${later}.jsonl`), future, future);
      expect(readdirSync(dir)).toContain(`${later}.jsonl`);

      expect(remap(e2e, ["app-1"])).toEqual({ session: "app-1", from: null, to: later, source: "found" });
      expect(e2e.ao(["session", "restore", "app-1"]).exitCode).toBe(0);
      const resumed = await eventually(() => agentStarts(e2e)[1], "the restored agent");
      expect(resumed.argv).toEqual(expect.arrayContaining(["--resume", later]));

      // Named explicitly, back to the first conversation.
      expect(e2e.ao(["session", "kill", "app-1"]).exitCode).toBe(0);
      expect(remap(e2e, ["app-1", first])).toMatchObject({ from: later, to: first, source: "given" });
      expect(e2e.ao(["session", "restore", "app-1"]).exitCode).toBe(0);
      const again = await eventually(() => agentStarts(e2e)[2], "the agent restored again");
      expect(again.argv).toEqual(expect.arrayContaining(["--resume", first]));

      const events = JSON.parse(e2e.ao(["events", "--type", "session.remapped", "--json"]).stdout) as {
        events: { payload: { to: string; source: string } }[];
      };
      expect(events.events.map((event) => event.payload)).toEqual([
        { from: null, to: later, source: "found" },
        { from: later, to: first, source: "given" },
      ]);
    },
  );

  it("refuses an id that would read as a flag, and says how to name one when nothing was recorded", () => {
    const e2e = makeE2e();
    e2e.writeConfig("agent:\n  plugin: command\n  argv: [sleep, '600']");
    expect(e2e.ao(["spawn", "app", "Fix it"]).exitCode).toBe(0);
    const flag = e2e.ao(["session", "remap", "app-1", "--", "--dangerously-skip-permissions"]);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('"--dangerously-skip-permissions" is not a conversation id');
    const none = e2e.ao(["session", "remap", "app-1"]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("agent command does not say where it records its conversations");
    expect(none.stderr).toContain("ao session remap app-1 <conversation-id>");
  });
});
