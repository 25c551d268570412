import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { approvedRun, question, type TurnJson } from "./acp-fixture.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * An ACP session end to end (issue 26): the built ao, real tmux and SQLite, ao's ACP host and the
 * fake ACP agent (test/fixtures/bin/fake-acp-agent, built on the ACP SDK's agent side), configured
 * as any ACP agent is: `agent: {plugin: acp, argv: [...]}`.
 */
let world: E2e | undefined;
afterEach(() => {
  world?.ao(["session", "kill", "app-1"]);
  world = undefined;
});

function acpWorld(): E2e {
  const e2e = makeE2e();
  e2e.writeConfig("agent:\n  plugin: acp\n  argv: [fake-acp-agent]");
  world = e2e;
  return e2e;
}

function turns(e2e: E2e): TurnJson[] {
  const listed = e2e.ao(["turns", "app-1", "--json"]);
  expect(listed.exitCode, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { turns: TurnJson[] }).turns;
}

describe("an ACP session (agent: {plugin: acp})", () => {
  it(
    "spawns, answers ao send --wait, asks questions ao approve and ao deny answer, is interrupted, and lists tool calls",
    { timeout: 240_000 },
    async () => {
      const e2e = acpWorld();
      const spawned = e2e.ao(["spawn", "app", "say hello"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      // The task is the first turn; a message waits behind it.
      const sent = e2e.ao(["send", "app-1", "--wait", "how are you"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      expect(sent.stdout).toBe("You said: how are you\n");
      expect(turns(e2e).map((turn) => turn.status)).toEqual(["completed", "completed"]);

      await approvedRun(e2e, "t-3");

      const edited = e2e.ao(["send", "app-1", "--wait", "edit notes.txt hello from acp"]);
      expect(edited.exitCode, edited.stderr).toBe(0);
      expect(readFileSync(join(e2e.worktree("app-1"), "notes.txt"), "utf8")).toBe("hello from acp\n");
      const shown = e2e.ao(["turns", "show", "t-4"]);
      expect(shown.stderr).toMatch(/⏺ edit .*notes\.txt.* — completed/);

      expect(e2e.ao(["send", "app-1", "run rm -rf build"]).exitCode).toBe(0);
      await eventually(() => question(e2e), "the second question");
      const denied = e2e.ao(["deny", "app-1"]);
      expect(denied.exitCode, denied.stderr).toBe(0);
      expect(denied.stderr).toContain('app-1: answered "Run rm -rf build" with');
      const refused = e2e.ao(["turns", "wait", "t-5", "--json"]);
      expect((JSON.parse(refused.stdout) as TurnJson).work?.tools).toEqual([
        expect.objectContaining({ kind: "execute", title: "Run rm -rf build", status: "failed" }),
      ]);

      expect(e2e.ao(["send", "app-1", "hang"]).exitCode).toBe(0);
      await eventually(
        () => (turns(e2e)[5]?.status === "running" && question(e2e) === undefined ? true : undefined),
        "the hanging turn running",
      );
      const stopped = e2e.ao(["session", "interrupt", "app-1", "--json"]);
      expect(stopped.exitCode, stopped.stdout + stopped.stderr).toBe(0);
      expect(turns(e2e)[5]).toMatchObject({ id: "t-6", status: "interrupted" });
    },
  );
});
