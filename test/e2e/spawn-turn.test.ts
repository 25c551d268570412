import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeE2e } from "./e2e-fixture.js";

/**
 * The task an agent is started with is its session's first turn (origin `spawn`) for every session,
 * not only a control-plane worker's (issue 25): `ao send` right after `ao spawn` waits behind it,
 * and its answer is the reply to the message, never to the task.
 */
describe("ao send right after ao spawn (the fake claude, not a worker)", () => {
  it("queues behind the task's turn and answers with the message's own reply", { timeout: 180_000 }, () => {
    const e2e = makeE2e();
    const turnsFile = join(e2e.userHome, "turns.json");
    e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
    // Long enough that the message arrives while the agent still works on its task.
    writeFileSync(
      turnsFile,
      JSON.stringify({
        replies: { "Fix the login bug": "Fixed the login bug.", "What is 2+2?": "4" },
        workMs: 2_000,
      }),
    );
    const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
    expect(spawned.exitCode, spawned.stderr).toBe(0);
    const sent = e2e.ao(["send", "app-1", "--wait", "What is 2+2?"]);
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sent.stdout).toBe("4\n");
    const listed = e2e.ao(["turns", "app-1", "--json"]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    const turns = (JSON.parse(listed.stdout) as { turns: { id: string; origin: string; status: string }[] })
      .turns;
    expect(turns.map(({ id, origin, status }) => ({ id, origin, status }))).toEqual([
      { id: "t-1", origin: "spawn", status: "completed" },
      { id: "t-2", origin: "cli", status: "completed" },
    ]);
    const task = e2e.ao(["turns", "show", "t-1", "--json"]);
    expect(JSON.parse(task.stdout)).toMatchObject({ reply: "Fixed the login bug." });
  });
});
