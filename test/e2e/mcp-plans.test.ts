import { afterEach, describe, expect, it } from "vitest";
import { diamondProposal } from "../core/plans/plan-fixture.js";
import { makeMcpWorld, type McpWorld } from "./mcp-fixture.js";

/**
 * "The proposal also appears where it was made" (issue 15): a commander proposes through the
 * official MCP client and the built `ao mcp`; the tool's answer carries the plan card (the same
 * one `ao plan show --json` prints), a compact text of it, the dashboard's deep link (no token)
 * and the command a person runs to approve.
 */
let world: McpWorld | undefined;
afterEach(() => world?.stopDaemon());

describe("propose_orchestration shows the proposal to the commander", () => {
  it(
    "answers with the card, its text, the dashboard link and the approve command",
    { timeout: 120_000 },
    async () => {
      world = makeMcpWorld();
      const started = world.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const { port } = JSON.parse(started.stdout) as { port: number };
      const lead = await world.commander("lead");

      const proposed = await lead.call("propose_orchestration", {
        proposal: diamondProposal(),
        parent_issue: "12",
      });
      expect(proposed.isError, proposed.text).toBe(false);
      const link = `http://127.0.0.1:${port}/#/plans/plan-1`;
      expect(proposed.structured).toMatchObject({
        plan_id: "plan-1",
        status: "proposed",
        dashboard: link,
        approve_command: "ao plan approve plan-1 --revision 1",
      });
      const shown = world.ao(["plan", "show", "plan-1", "--json"]);
      expect(shown.exitCode, shown.stderr).toBe(0);
      expect(proposed.structured["card"]).toEqual(JSON.parse(shown.stdout));

      const lines = proposed.text.split("\n");
      expect(lines[0]).toBe("plan-1 proposed, revision 1: ship the export feature end to end");
      expect(lines).toContain("* A (dev): Schema — cost unknown, time unknown (0 runs)");
      expect(lines).toContain("- C (writer) after A: Docs — cost unknown, time unknown (0 runs)");
      expect(lines).toContain("* synthesis (writer) after B, C: Synthesis");
      expect(lines).toContain("critical path (* by steps): A → B → synthesis");
      expect(lines).toContain(
        "cost: unknown (partial: 3 of 3 tickets unknown); time: unknown along A → B (partial)",
      );
      expect(lines).toContain(`dashboard: ${link}`);
      expect(lines).toContain("a person approves it: ao plan approve plan-1 --revision 1");
      expect(proposed.text).not.toMatch(/token/i);
    },
  );
});
