import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

const AGENT = fileURLToPath(new URL("../fixtures/bin/reporting-agent.mjs", import.meta.url));

interface EventJson {
  type: string;
  sessionId: string;
  payload: Record<string, unknown>;
}

function events(e2e: E2e, type: string): EventJson[] {
  const run = e2e.ao(["events", "--type", type, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { events: EventJson[] }).events;
}

/** A `command` agent (no hooks, no screen patterns) that runs `ao <args>` once it starts. */
function reportingAgent(e2e: E2e, args: string[]): void {
  const argv = JSON.stringify([process.execPath, AGENT, AO_BIN, ...args]);
  e2e.writeConfig(`agent:\n  plugin: command\n  argv: ${argv}`);
}

describe("ao report and ao acknowledge, run by a hookless agent inside its session (tmux, the built binary)", () => {
  it(
    "the agent's `ao report needs-input` finds its session through AO_SESSION_ID: status, reason and event follow",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      reportingAgent(e2e, ["report", "needs-input", "--note", "which database?"]);
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);

      const reported = await eventually(() => events(e2e, "session.reported")[0], "the agent's report");
      expect(reported).toMatchObject({
        sessionId: "app-1",
        payload: {
          state: "needs_input",
          by: "report",
          to: "needs_input",
          reason: "agent_reported_needs_input",
        },
      });
      expect(reported.payload["noteBytes"]).toBe("which database?".length);
      const session = e2e.sessions().find((view) => view.id === "app-1");
      expect(session).toMatchObject({ status: "needs_input", reason: "agent_reported_needs_input" });
    },
  );

  it(
    "ao acknowledge from the agent sets working/agent_acknowledged; a person names the session instead",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      reportingAgent(e2e, ["acknowledge"]);
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      await eventually(() => events(e2e, "session.reported")[0], "the acknowledgement");
      expect(events(e2e, "session.reported")[0]?.payload).toMatchObject({
        state: "started",
        by: "acknowledge",
      });

      const byName = e2e.ao(["report", "completed", "--session", "app-1", "--json"]);
      expect(byName.exitCode, byName.stderr).toBe(0);
      expect(JSON.parse(byName.stdout)).toMatchObject({
        session: "app-1",
        state: "completed",
        to: "idle",
        applied: true,
        reason: "agent_completed",
      });

      expect(e2e.ao(["session", "kill", "app-1"]).exitCode).toBe(0);
      const ended = e2e.ao(["report", "working", "--session", "app-1"]);
      expect(ended.exitCode).not.toBe(0);
      expect(ended.stderr).toContain("session app-1 has ended (killed)");
      expect(ended.stderr).toContain("ao session restore app-1");
    },
  );

  it("refuses outside a session, an unknown state and an ended session, each with a hint", () => {
    const e2e = makeE2e();
    const outside = e2e.ao(["report", "working"]);
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr).toContain("not inside an ao session");
    expect(outside.stderr).toContain("AO_SESSION_ID");

    const unknown = e2e.ao(["report", "merged"], { env: { AO_SESSION_ID: "app-1" } });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('"merged" is not a state an agent can report');
    expect(unknown.stderr).toContain("needs-input");

    const missing = e2e.ao(["acknowledge"], { env: { AO_SESSION_ID: "app-9" } });
    expect(missing.exitCode).not.toBe(0);
    expect(missing.stderr).toContain("no session app-9");
  });
});
