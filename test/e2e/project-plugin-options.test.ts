import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentStarts, eventually, makeE2e } from "./e2e-fixture.js";

interface TurnJson {
  id: string;
  origin: string;
  status: string;
  replySource: string | null;
}

/** The fake codex, run through agent/command from the project's own configuration. */
const COMMAND_AGENT = [
  "agent:",
  "  plugin: command",
  '  argv: [codex, "Read {promptFile} and do it"]',
  '  workingPattern: "Working \\\\("',
  '  idlePattern: "for shortcuts"',
].join("\n");

describe("project plugin options and ao send --no-wait, end to end (tmux, the built binary)", () => {
  it(
    "runs the project's command agent from its argv template, and --no-wait returns once submitted",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      e2e.writeConfig(COMMAND_AGENT);
      // The task works until the test has seen it at work (the release file).
      const turnsFile = join(e2e.userHome, "turns.json");
      const release = join(e2e.userHome, "release");
      writeFileSync(turnsFile, JSON.stringify({ workUntil: release }));
      e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;

      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      expect(spawned.stderr).toContain("app-1: starting command…");
      const start = await eventually(() => agentStarts(e2e)[0], "the agent to start");
      expect(start.agent).toBe("codex");
      expect(start.argv).toEqual([`Read ${e2e.home}/prompts/app-1/prompt.md and do it`]);

      // The task is the session's first turn (t-1): core's screen observer sees it at work, then
      // ends it once the screen reads idle and stands still; a message sent before would queue.
      const taskTurn = () =>
        (JSON.parse(e2e.ao(["turns", "app-1", "--json"]).stdout) as { turns: TurnJson[] }).turns[0];
      await eventually(
        () => (e2e.tmux(["capture-pane", "-p", "-t", "=app-1:0"]).includes("Working (") ? true : undefined),
        "the agent at work on its task",
      );
      expect(taskTurn()).toMatchObject({ id: "t-1", origin: "spawn", status: "running" });
      writeFileSync(release, "");
      const task = await eventually(() => {
        const turn = taskTurn();
        return turn?.status === "running" ? undefined : turn;
      }, "the task's turn to end");
      expect(task).toMatchObject({ id: "t-1", status: "completed", replySource: "screen" });
      const shown = JSON.parse(e2e.ao(["turns", "show", "t-1", "--json"]).stdout) as { reply: string };
      // The fake answers with the prompt file's first line, as it read the file its argv names.
      expect(shown.reply).toContain("• Working on: # Working as ao session app-1");

      const sent = e2e.ao(["send", "app-1", "--no-wait", "--json", "run the tests"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      expect(JSON.parse(sent.stdout)).toMatchObject({ submitted: true, waited: false, attempts: 1 });

      // Status resolves the same command agent with the project's options (argv is required).
      const status = e2e.ao(["status", "--json"]);
      expect(status.exitCode, status.stderr).toBe(0);
      const [view] = (
        JSON.parse(status.stdout) as { sessions: { agent: { name: string }; activity: unknown }[] }
      ).sessions;
      expect(view?.agent.name).toBe("command");
      expect(view?.activity).toMatchObject({ source: "probe" });
      expect(["working", "idle"]).toContain((view?.activity as { state: string }).state);
    },
  );

  it("refuses to spawn with options the agent rejects, pointing at the option, exit 2", () => {
    const e2e = makeE2e();
    e2e.writeConfig("agent:\n  plugin: command\n  argv: []");
    const spawned = e2e.ao(["spawn", "app", "Fix it"]);
    expect(spawned.exitCode).toBe(2);
    expect(spawned.stderr).toContain(
      'error: invalid options for agent plugin "command" at projects.app.agent',
    );
    expect(spawned.stderr).toMatch(/agent-orchestrator\.yaml:6:13 projects\.app\.agent\.argv: /);
    expect(e2e.sessions()).toEqual([]);
  });
});
