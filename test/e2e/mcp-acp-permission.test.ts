import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeMcpWorld, type Commander, type McpWorld } from "./mcp-fixture.js";

/**
 * A commander and its ACP worker's permission questions (issue 26), through the official MCP SDK
 * client against the built `ao mcp`: `send` / `wait_turn` answer `waiting_for_permission` with the
 * question, and `answer_permission` answers it only as `controlPlane.commanderApprovals` allows.
 * The worker runs the fake ACP agent (test/fixtures/bin/fake-acp-agent) through ao's ACP host.
 */
let world: McpWorld | undefined;
const workers: string[] = [];
afterEach(() => {
  for (const id of workers.splice(0)) world?.ao(["session", "kill", id]);
  world?.stopDaemon();
  world = undefined;
});

function acpMcpWorld(approvals: string): McpWorld {
  const mcp = makeMcpWorld();
  writeFileSync(
    join(mcp.configDir, "agent-orchestrator.yaml"),
    [
      "port: 0",
      "controlPlane:",
      "  enabled: true",
      "  sendBoundS: 20",
      `  commanderApprovals: ${approvals}`,
      "projects:",
      "  app:",
      `    path: ${mcp.repo.dir}`,
      "    agent:",
      "      plugin: acp",
      "      argv: [fake-acp-agent]",
      "",
    ].join("\n"),
  );
  world = mcp;
  return mcp;
}

async function openWorker(commander: Commander): Promise<string> {
  const opened = await commander.call("open_session", { agent: "acp", project: "app" }, { timeout: 120_000 });
  expect(opened.isError, opened.text).toBe(false);
  const id = String(opened.structured["session_id"]);
  workers.push(id);
  return id;
}

/** `send`, which must stop at the question: the worker's turn waits for an answer. */
async function sendToQuestion(commander: Commander, sessionId: string, message: string) {
  const sent = await commander.call("send", { session_id: sessionId, message }, { timeout: 60_000 });
  expect(sent.isError, sent.text).toBe(false);
  expect(sent.structured).toMatchObject({ status: "waiting_for_permission", turn_status: "running" });
  return sent.structured as { turn_id: string; question: { question_id: string; title: string } };
}

const OPTIONS = [
  { option_id: "allow-once", name: "Allow once", kind: "allow_once" },
  { option_id: "allow-always", name: "Always allow", kind: "allow_always" },
  { option_id: "reject-once", name: "Reject", kind: "reject_once" },
];

describe("a commander and its ACP worker's permission question", () => {
  it(
    "send and wait_turn show the question; with commanderApprovals none the commander cannot answer, a person can",
    { timeout: 240_000 },
    async () => {
      const mcp = acpMcpWorld("none");
      const alice = await mcp.commander("alice");
      const worker = await openWorker(alice);
      const asked = await sendToQuestion(alice, worker, "run npm test");
      expect(asked.question).toEqual({
        question_id: expect.any(String) as string,
        title: "Run npm test",
        tool_kind: "execute",
        options: OPTIONS,
      });
      const waited = await alice.call("wait_turn", { turn_id: asked.turn_id }, { timeout: 60_000 });
      expect(waited.structured).toMatchObject({ status: "waiting_for_permission", question: asked.question });

      const refused = await alice.call("answer_permission", { session_id: worker, option_id: "allow-once" });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain("error E_COMMANDER_APPROVALS: commanders may not answer");
      expect(refused.text).toContain(`hint: a person answers it with \`ao approve ${worker}\``);
      expect(refused.text).toContain("commanderApprovals to read-only or all");

      const approved = mcp.ao(["approve", worker]);
      expect(approved.exitCode, approved.stderr).toBe(0);
      const done = await alice.call("wait_turn", { turn_id: asked.turn_id }, { timeout: 60_000 });
      expect(done.structured).toMatchObject({ status: "completed", reply: "Ran npm test." });
    },
  );

  it(
    "with commanderApprovals read-only the commander answers a read question, never an execute one",
    { timeout: 240_000 },
    async () => {
      const mcp = acpMcpWorld("read-only");
      const alice = await mcp.commander("alice");
      const worker = await openWorker(alice);
      const run = await sendToQuestion(alice, worker, "run make deploy");
      const refused = await alice.call("answer_permission", { session_id: worker, option_id: "allow-once" });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('"Run make deploy" is an execute tool call');
      expect(mcp.ao(["deny", worker]).exitCode).toBe(0);
      const denied = await alice.call("wait_turn", { turn_id: run.turn_id }, { timeout: 60_000 });
      expect(denied.structured).toMatchObject({ status: "completed", reply: "Not running it." });

      const read = await sendToQuestion(alice, worker, "read notes.txt");
      expect(read.question).toMatchObject({ title: "Read notes.txt", tool_kind: "read" });
      const stale = await alice.call("answer_permission", {
        session_id: worker,
        option_id: "allow-once",
        question_id: run.question.question_id,
      });
      expect(stale.text).toContain("error E_QUESTION_CHANGED");
      const answered = await alice.call("answer_permission", {
        session_id: worker,
        option_id: "allow-once",
        question_id: read.question.question_id,
      });
      expect(answered.isError, answered.text).toBe(false);
      expect(answered.structured).toMatchObject({ option_id: "allow-once", confirmed: true });
      const done = await alice.call("wait_turn", { turn_id: read.turn_id }, { timeout: 60_000 });
      expect(done.structured).toMatchObject({ status: "completed", reply: "Read notes.txt." });
    },
  );
});
