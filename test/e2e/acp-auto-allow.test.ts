import { afterEach, describe, expect, it } from "vitest";
import { approvedRun, question, type TurnJson } from "./acp-fixture.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * `agentConfig.autoAllow` end to end (issue 26): the built ao, real tmux and SQLite, ao's ACP host
 * and the fake ACP agent. A question about a tool of a listed kind is answered allow by the host
 * and recorded as such on the turn and its event; a question about any other kind still waits for
 * a person. A kind ACP does not have is refused with the key path, before anything is made.
 */
let world: E2e | undefined;
afterEach(() => {
  world?.ao(["session", "kill", "app-1"]);
  world = undefined;
});

interface EndedEvent {
  type: string;
  payload: { turnId?: string; tools?: number; autoAllowed?: number };
}

function turnEnded(e2e: E2e, turnId: string): EndedEvent | undefined {
  const events = e2e.ao(["events", "--json", "--type", "turn.ended"]);
  expect(events.exitCode, events.stderr).toBe(0);
  const { events: all } = JSON.parse(events.stdout) as { events: EndedEvent[] };
  return all.find((event) => event.payload.turnId === turnId);
}

describe("agentConfig.autoAllow", () => {
  it(
    "answers read questions itself, records it, and still asks a person about execute",
    { timeout: 240_000 },
    async () => {
      const e2e = makeE2e();
      world = e2e;
      e2e.writeConfig("agent:\n  plugin: acp\n  argv: [fake-acp-agent]\nagentConfig:\n  autoAllow: [read]");
      const spawned = e2e.ao(["spawn", "app", "say hello"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);

      const read = e2e.ao(["send", "app-1", "--wait", "read src/app.ts"]);
      expect(read.exitCode, read.stderr).toBe(0);
      expect(read.stdout).toBe("Read src/app.ts.\n");
      const shown = e2e.ao(["turns", "show", "t-2", "--json"]);
      expect((JSON.parse(shown.stdout) as TurnJson).work?.tools).toEqual([
        expect.objectContaining({
          kind: "read",
          title: "Read src/app.ts",
          status: "completed",
          autoAllowed: "allow-once",
        }),
      ]);
      expect(e2e.ao(["turns", "show", "t-2"]).stderr).toContain(
        "⏺ read Read src/app.ts — completed · auto-allowed (allow-once)",
      );
      expect(turnEnded(e2e, "t-2")?.payload).toMatchObject({ tools: 1, autoAllowed: 1 });

      // execute is not listed: the question waits for a person, who approves it.
      await approvedRun(e2e, "t-3");
      expect(question(e2e)).toBeUndefined();
      expect(turnEnded(e2e, "t-3")?.payload.autoAllowed).toBeUndefined();
    },
  );

  it("refuses a tool kind ACP does not have, naming the key", { timeout: 60_000 }, () => {
    const e2e = makeE2e();
    e2e.writeConfig(
      "agent:\n  plugin: acp\n  argv: [fake-acp-agent]\nagentConfig:\n  autoAllow: [read, reed]",
    );
    const spawned = e2e.ao(["spawn", "app", "say hello"]);
    expect(spawned.exitCode).not.toBe(0);
    expect(spawned.stderr).toMatch(
      /agent-orchestrator\.yaml:\d+:\d+ projects\.app\.agentConfig\.autoAllow\[1\]: expected one of "read", .*"other" \(did you mean "read"\?\)/,
    );
    expect(e2e.ao(["session", "ls"]).stdout).not.toContain("app-1");
  });

  it("refuses autoAllow for an agent whose questions are on its screen", { timeout: 60_000 }, () => {
    const e2e = makeE2e();
    e2e.writeConfig("agentConfig:\n  autoAllow: [search]");
    const spawned = e2e.ao(["spawn", "app", "say hello"]);
    expect(spawned.exitCode).not.toBe(0);
    expect(spawned.stderr).toContain(
      "agentConfig.autoAllow (search) needs an agent that asks its permission questions as data",
    );
    expect(e2e.ao(["session", "ls"]).stdout).not.toContain("app-1");
  });
});
