import { describe, expect, it } from "vitest";
import { acpRecordPath } from "../../src/plugins/agent/acp/record.js";
import { FakeRuntime } from "../fakes/runtime.js";
import { makeCliFixture, type CliFixture } from "../core/sessions/cli-fixture.js";
import { RecordWriter } from "../plugins/agent/acp-records.js";

/**
 * An ACP session through the CLI: the real acp agent plugin reads a record the test writes as the
 * host would, on a fake runtime whose "host" answers what is typed into it (an option id) or pressed
 * (Escape) the way ao's ACP host does: by writing the answer to the record.
 */
function acpCli(): { f: CliFixture; record: () => RecordWriter } {
  let writer: RecordWriter | undefined;
  const record = () => (writer ??= new RecordWriter(acpRecordPath(f.ctx.paths.home, "app-1")));
  const pending = () => pendingQuestion;
  let pendingQuestion: number | undefined;
  const runtime = new FakeRuntime({
    program: (text) => {
      const id = pending();
      if (id === undefined) return;
      record().answer(id, text);
      pendingQuestion = undefined;
    },
    onKey: (key) => {
      const id = pending();
      if (key !== "Escape" || id === undefined) return;
      record().answer(id, undefined);
      pendingQuestion = undefined;
    },
  });
  const f = makeCliFixture({
    runtime,
    plugins: { agent: { acp: () => import("../../src/plugins/agent/acp.js") } },
  });
  f.writeConfig("agent:\n  plugin: acp\n  argv: [my-acp-agent, --acp]");
  const ask = (id: number, options?: Parameters<RecordWriter["askPermission"]>[2]) => {
    record().askPermission(
      id,
      { toolCallId: `tc-${String(id)}`, title: "Run npm test", kind: "execute" },
      options,
    );
    pendingQuestion = id;
  };
  return { f: Object.assign(f, { ask }), record };
}

async function spawned() {
  const { f, record } = acpCli();
  expect((await f.ao(["spawn", "app", "Fix the login bug"])).exitCode).toBe(0);
  record().ready();
  record().prompt("the task");
  return { f: f as CliFixture & { ask: (id: number, options?: unknown[]) => void }, record };
}

describe("an ACP session's permission questions", () => {
  it("shows the question in ao status (table and --json) and ao approve answers it with the first allow_once", async () => {
    const { f } = await spawned();
    f.ask(5);
    const status = await f.ao(["status"]);
    expect(status.stdout).toContain(
      "app-1 needs_input: permission: Run npm test — 1 Allow (allow_once), 2 Always allow (allow_always), 3 Reject (reject_once)",
    );
    expect(status.stdout).toContain("answer with: ao approve app-1 [option-id], or ao deny app-1");
    const json = JSON.parse((await f.ao(["status", "--json"])).stdout) as {
      sessions: { activity: { state: string; question?: unknown } }[];
    };
    expect(json.sessions[0]?.activity).toMatchObject({
      state: "needs_input",
      question: {
        id: "5",
        title: "Run npm test",
        toolKind: "execute",
        options: [
          { id: "allow", name: "Allow", kind: "allow_once" },
          { id: "allow-always", name: "Always allow", kind: "allow_always" },
          { id: "reject", name: "Reject", kind: "reject_once" },
        ],
      },
    });
    const approved = await f.ao(["approve", "app-1", "--json"]);
    expect(approved.exitCode).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({
      session: "app-1",
      option: { id: "allow", kind: "allow_once" },
      confirmed: true,
      activity: { activity: "working" },
    });
    expect(f.runtime.processes.values().next().value?.transcript).toEqual(["allow"]);
  });

  it("approves with the option named, and says so for people", async () => {
    const { f } = await spawned();
    f.ask(1);
    const approved = await f.ao(["approve", "app-1", "allow-always"]);
    expect(approved).toMatchObject({ exitCode: 0 });
    expect(approved.stderr).toContain(
      'app-1: answered "Run npm test" with Always allow (allow_always); the agent is working',
    );
  });

  it("denies with the first reject_once, or cancels with Escape when none is offered", async () => {
    const { f } = await spawned();
    f.ask(1);
    expect((await f.ao(["deny", "app-1"])).exitCode).toBe(0);
    const process = [...f.runtime.processes.values()][0]!;
    expect(process.transcript).toEqual(["reject"]);
    f.ask(2, [{ optionId: "yes", name: "Yes", kind: "allow_once" }]);
    const denied = await f.ao(["deny", "app-1", "--json"]);
    expect(denied.exitCode).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ option: null, confirmed: true });
    expect(process.keys).toEqual(["Escape"]);
  });

  it("refuses clearly: no question pending, an option not offered, a session that is not ACP", async () => {
    const { f } = await spawned();
    const none = await f.ao(["approve", "app-1", "--json"]);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain(
      "error: app-1 is not waiting for an answer: its agent asks no question now",
    );
    expect(none.stderr).toContain("hint: `ao status` shows the sessions that wait for input");
    f.ask(1);
    const wrong = await f.ao(["approve", "app-1", "nope"]);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('"nope" is not one of the options app-1\'s question offers');
    expect(wrong.stderr).toContain("allow (allow_once), allow-always (allow_always), reject (reject_once)");
    f.writeConfig();
    expect((await f.ao(["spawn", "app", "Another"])).exitCode).toBe(0);
    const notAcp = await f.ao(["deny", "app-2"]);
    expect(notAcp.exitCode).toBe(1);
    expect(notAcp.stderr).toContain("does not ask its questions as data");
    expect(notAcp.stderr).toContain("hint: answer on its screen: ao session attach app-2");
  });

  it("ao turns show lists the turn's tool calls and plan; ao events counts them", async () => {
    const { f, record } = await spawned();
    record().update({
      sessionUpdate: "tool_call",
      toolCallId: "tc-1",
      title: "Edit src/login.ts",
      kind: "edit",
      status: "in_progress",
      locations: [{ path: "src/login.ts", line: 3 }],
    });
    record().update({ sessionUpdate: "tool_call_update", toolCallId: "tc-1", status: "completed" });
    record().update({
      sessionUpdate: "plan",
      entries: [{ content: "fix the redirect", status: "completed" }],
    });
    record().chunk("Fixed the redirect.");
    record().stop(2, "end_turn");
    const shown = await f.ao(["turns", "show", "t-1"]);
    expect(shown.stdout).toBe("Fixed the redirect.\n");
    expect(shown.stderr).toContain("app-1: t-1 completed (reply from the transcript)");
    expect(shown.stderr).toContain(
      "tool calls (1):\n  ⏺ edit Edit src/login.ts — completed (src/login.ts:3)\nplan (1):\n  ☑ fix the redirect (completed)",
    );
    const json = JSON.parse((await f.ao(["turns", "show", "t-1", "--json"])).stdout) as object;
    expect(json).toMatchObject({
      work: {
        tools: [{ kind: "edit", title: "Edit src/login.ts", status: "completed", files: ["src/login.ts:3"] }],
        plan: [{ content: "fix the redirect", status: "completed" }],
      },
    });
    const events = await f.ao(["events", "--type", "turn.ended"]);
    expect(events.stdout).toContain('"tools":1,"planEntries":1');
  });

  it("has help for both commands", async () => {
    const { f } = acpCli();
    for (const command of ["approve", "deny"]) {
      const help = await f.ao([command, "--help"]);
      expect(help.exitCode).toBe(0);
      expect(help.stdout).toContain(`Usage: ao ${command} [options] <session>`);
    }
  });
});
