import { describe, expect, it } from "vitest";
import { sendMessage } from "../../../src/core/sessions/send-message.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { listSessionTurns, showTurn } from "../../../src/core/turns/turn-commands.js";
import { makeSessionFixture } from "../sessions/session-fixture.js";

const commandAgent = () => import("../../../src/plugins/agent/command.js");

/** The command agent on the in-memory runtime: a CLI whose screen says when it works. */
function commandSession() {
  const f = makeSessionFixture({ plugins: { agent: { command: commandAgent } } });
  f.writeConfig(
    ["agent:", "  plugin: command", '  argv: [my-agent, "{promptFile}"]', "  workingPattern: ^BUSY"].join(
      "\n",
    ),
  );
  return f;
}

/**
 * Every session's task is its first turn (origin `spawn`), not only a control-plane worker's
 * (issue 25): a message sent while the agent works on it waits in ao's queue, and is pasted only
 * once the agent ended the task's turn, even for an agent observed by its screen alone.
 */
describe("the spawn's task as a turn, for every session", () => {
  it("a message sent while the command agent works on its task is queued behind it, then delivered", async () => {
    const f = commandSession();
    const { id } = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });
    const agent = f.runtime.processOf(id)!;
    f.runtime.print(agent.handle, "BUSY reading the task");
    const queued = await sendMessage(f.ctx, id, { text: "and add a test" }, { wait: "queued" });
    expect(queued).toMatchObject({ turn: { id: "t-2", status: "queued" }, queuedBehind: "t-1" });
    expect(agent.transcript).toEqual([]);
    // The agent finishes its task: its screen redraws, no longer busy, and stands still.
    agent.screen.length = 0;
    f.runtime.print(agent.handle, "Fixed the login bug.\n> ");
    const sent = await sendMessage(f.ctx, id, { text: "and run it" });
    expect(sent.turn).toMatchObject({ id: "t-3", status: "running" });
    expect(agent.transcript).toEqual(["and add a test", "and run it"]);
    const turns = (await listSessionTurns(f.ctx, id)).turns;
    expect(turns.map(({ id: turnId, origin }) => [turnId, origin])).toEqual([
      ["t-1", "spawn"],
      ["t-2", "cli"],
      ["t-3", "cli"],
    ]);
    expect(await showTurn(f.ctx, "t-1")).toMatchObject({ status: "completed" });
  });

  it("ends the task's turn of an agent that never shows work (aider waits idle): empty, not open", async () => {
    const f = commandSession();
    const { id } = await spawnSession(f.ctx, { project: "app", issue: "Fix the login bug" });
    f.runtime.print(f.runtime.processOf(id)!.handle, "my-agent 1.0\n> ");
    const sent = await sendMessage(f.ctx, id, { text: "carry out the task" });
    expect(sent.turn).toMatchObject({ id: "t-2", status: "running" });
    expect(await showTurn(f.ctx, "t-1")).toMatchObject({ origin: "spawn", status: "empty", reply: null });
  });
});
