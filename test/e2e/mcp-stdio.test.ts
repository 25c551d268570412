import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, FAKE_BIN, makeE2e } from "./e2e-fixture.js";
import { makeMcpWorld, type Commander, type McpWorld } from "./mcp-fixture.js";

/**
 * The control plane end to end: the official MCP SDK client over stdio spawning the built `ao mcp`,
 * which starts the daemon and talks to it over AO_HOME/mcp.sock; real tmux, git and SQLite; the
 * fake claude (hooks, transcript) as the workers' agent. One world, steps in order.
 */
const PLUGIN_OF: Record<string, string> = {
  claude: "claude-code",
  codex: "codex",
  gemini: "gemini",
  opencode: "opencode",
  aider: "aider",
};

let world: McpWorld;
let alice: Commander;
let bob: Commander;
const workers: string[] = [];
/** The long turn of the first worker: still readable by alice after she closed the worker. */
let longTurn = "";
const steps: [string, () => Promise<void>][] = [];
/** One step of the story (the world's temporary folders last one vitest test, so the steps run in one). */
const step = (name: string, run: () => Promise<void>, _timeout?: number) => steps.push([name, run]);

afterEach(() => world?.stopDaemon());

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForReply(commander: Commander, turnId: string): Promise<Record<string, unknown>> {
  for (let round = 0; round < 40; round++) {
    const waited = await commander.call("wait_turn", { turn_id: turnId, wait_s: 3 });
    expect(waited.isError, waited.text).toBe(false);
    if (waited.structured["status"] === "completed") return waited.structured;
  }
  throw new Error(`${turnId} never completed`);
}

describe("ao mcp over stdio, with the SDK client", () => {
  step(
    "list_agents lists exactly the fake agent CLIs on PATH, each able to be a worker",
    async () => {
      const listed = await alice.call("list_agents");
      expect(listed.isError, listed.text).toBe(false);
      const agents = listed.structured["agents"] as {
        agent: string;
        can_be_worker: boolean;
        version: string | null;
        why_not?: string;
      }[];
      const fakes = readdirSync(FAKE_BIN).filter((file) => PLUGIN_OF[file] !== undefined);
      expect(agents.map((agent) => agent.agent).sort()).toEqual(fakes.map((file) => PLUGIN_OF[file]).sort());
      // The fake aider has no recorded `--version` (test/fixtures/agents/aider has none): it cannot say
      // its version, so it is listed as unable to work, with why.
      const unable = agents.filter((agent) => !agent.can_be_worker);
      expect(unable.map((agent) => `${agent.agent}: ${String(agent.why_not)}`)).toEqual([
        "aider: `aider --version` exited with 1",
      ]);
      expect(
        agents.filter((agent) => agent.can_be_worker).every((agent) => (agent.version ?? "") !== ""),
      ).toBe(true);
    },
    60_000,
  );

  step(
    "opens two workers, visible in ao session ls with their commander",
    async () => {
      for (const name of ["one", "two"]) {
        const opened = await alice.call("open_session", { agent: "claude-code", name, task: "Say ready." });
        expect(opened.isError, opened.text).toBe(false);
        expect(opened.structured).toMatchObject({
          agent: "claude-code",
          project: "app",
          branch: `ao/${name}`,
        });
        workers.push(opened.structured["session_id"] as string);
      }
      const listed = world.ao(["session", "ls", "--json"]);
      const sessions = (
        JSON.parse(listed.stdout) as { sessions: { id: string; commander?: string | null }[] }
      ).sessions;
      expect(sessions.filter((session) => workers.includes(session.id)).map((s) => s.commander)).toEqual([
        "alice",
        "alice",
      ]);
      const own = await alice.call("list_sessions");
      expect((own.structured["sessions"] as { session_id: string }[]).map((s) => s.session_id)).toEqual(
        workers,
      );
    },
    120_000,
  );

  step(
    "send returns the worker's reply",
    async () => {
      await eventually(() => (world.injected("Say ready.") >= 0 ? true : undefined), "spawn");
      world.nextTurn({ reply: "The answer is 42.", workMs: 300 });
      const sent = await alice.call("send", { session_id: workers[0], message: "What is the answer?" });
      expect(sent.isError, sent.text).toBe(false);
      expect(sent.structured).toMatchObject({
        status: "completed",
        reply: "The answer is 42.",
        deduplicated: false,
      });
      expect(["hook", "transcript"]).toContain(sent.structured["reply_source"]);
    },
    120_000,
  );

  step(
    "a long turn makes send answer running, wait_turn later gives the reply; a different message is busy",
    async () => {
      // The turn works until the busy send below has been refused (the release file), past the bound.
      const release = join(world.userHome, "release-long");
      world.nextTurn({ reply: "Finished the long job.", workUntil: release });
      const progress: string[] = [];
      const sent = await alice.call(
        "send",
        { session_id: workers[0], message: "Do the long job." },
        { onprogress: (p) => progress.push(p.message ?? "") },
      );
      expect(sent.isError, sent.text).toBe(false);
      expect(sent.structured["status"]).toBe("running");
      expect(progress.length).toBeGreaterThan(0);
      const turnId = sent.structured["turn_id"] as string;
      longTurn = turnId;
      const busy = await alice.call("send", { session_id: workers[0], message: "Something else." });
      expect(busy.isError).toBe(true);
      expect(busy.text).toContain("E_BUSY");
      expect(busy.text).toContain(turnId);
      writeFileSync(release, "");
      expect(await waitForReply(alice, turnId)).toMatchObject({ reply: "Finished the long job." });
    },
    120_000,
  );

  step(
    "send_async + wait_turn; a repeated send_async and a retried send inject once",
    async () => {
      // The turn works until the repeated send_async has been deduplicated (the release file).
      const release = join(world.userHome, "release-async");
      world.nextTurn({ reply: "Async done.", workUntil: release });
      const first = await alice.call("send_async", { session_id: workers[1], message: "Run the async job." });
      expect(first.isError, first.text).toBe(false);
      const again = await alice.call("send_async", { session_id: workers[1], message: "Run the async job." });
      expect(again.structured).toMatchObject({ turn_id: first.structured["turn_id"], deduplicated: true });
      writeFileSync(release, "");
      expect(await waitForReply(alice, first.structured["turn_id"] as string)).toMatchObject({
        reply: "Async done.",
      });
      expect(world.injected("Run the async job.")).toBe(1);

      world.nextTurn({ reply: "Retried fine.", workMs: 3_000 });
      await expect(
        alice.call("send", { session_id: workers[1], message: "Retry me." }, { timeout: 1_000 }),
      ).rejects.toThrow(/timed out/i);
      const retried = await alice.call("send", { session_id: workers[1], message: "Retry me." });
      expect(retried.isError, retried.text).toBe(false);
      expect(retried.structured["deduplicated"]).toBe(true);
      const reply =
        retried.structured["status"] === "completed"
          ? retried.structured
          : await waitForReply(alice, retried.structured["turn_id"] as string);
      expect(reply["reply"]).toBe("Retried fine.");
      expect(world.injected("Retry me.")).toBe(1);
    },
    120_000,
  );

  step(
    "a second commander cannot list, send to, wait on or close the first one's workers",
    async () => {
      const listed = await bob.call("list_sessions");
      expect(listed.structured["sessions"]).toEqual([]);
      const missing = await bob.call("send", { session_id: "app-999", message: "hi" });
      const send = await bob.call("send", { session_id: workers[0], message: "hi" });
      expect(send.isError).toBe(true);
      expect(send.text.replaceAll(workers[0] ?? "", "ID")).toBe(missing.text.replaceAll("app-999", "ID"));
      const own = await alice.call("list_sessions");
      const turnId = (own.structured["sessions"] as { turn: { turn_id: string } }[])[0]?.turn.turn_id ?? "";
      const wait = await bob.call("wait_turn", { turn_id: turnId, wait_s: 0 });
      const waitMissing = await bob.call("wait_turn", { turn_id: "t-9999", wait_s: 0 });
      expect(wait.isError).toBe(true);
      expect(wait.text.replaceAll(turnId, "ID")).toBe(waitMissing.text.replaceAll("t-9999", "ID"));
      const close = await bob.call("close_session", { session_id: workers[0] });
      expect(close.isError).toBe(true);
      expect(close.text).toContain(`no session ${workers[0] ?? ""}`);
      expect(world.sessions().find((session) => session.id === workers[0])?.status).not.toBe("killed");
    },
    60_000,
  );

  step(
    "a failing worker CLI is a tool error with its own words and a hint",
    async () => {
      world.nextTurn({
        fail: 'API Error: 404 {"type":"error","error":{"message":"model: claude-retired"}}',
        workMs: 200,
      });
      const failed = await alice.call("send", { session_id: workers[1], message: "Try the retired model." });
      expect(failed.isError).toBe(true);
      expect(failed.text).toContain("model: claude-retired");
      expect(failed.text).toContain("run `claude` once in a terminal");
    },
    60_000,
  );

  step(
    "the daemon killed mid-turn and started again: wait_turn still returns the reply",
    async () => {
      // The turn works until the new daemon runs (the release file): it ends under the new daemon.
      const release = join(world.userHome, "release-restart");
      world.nextTurn({ reply: "Survived the restart.", workUntil: release });
      const sent = await alice.call("send_async", { session_id: workers[0], message: "Outlive the daemon." });
      const turnId = sent.structured["turn_id"] as string;
      await eventually(() => (world.injected("Outlive the daemon.") === 1 ? true : undefined), "delivery");
      // Mid-turn: the agent took it (its Enter arrived and it started). A kill between the paste and
      // Enter is another case (the turn fails, never glued: delivery-faults.test.ts); on a loaded
      // machine the bytes of the paste arrive well before the Enter (CI of 2026-12-04).
      await eventually(() => {
        const shown = world.ao(["turns", "show", turnId, "--json"]);
        return shown.exitCode === 0 && (JSON.parse(shown.stdout) as { status: string }).status === "running"
          ? true
          : undefined;
      }, "the turn running");
      const pid = world.daemonPid();
      expect(pid).toBeDefined();
      process.kill(pid ?? 0, "SIGKILL");
      await eventually(() => (isAlive(pid ?? 0) ? undefined : true), "the daemon gone");
      // `ao mcp` finds no daemon at the next call and starts one; the turn was in the store all along.
      const reply = waitForReply(alice, turnId);
      await eventually(() => {
        const now = world.daemonPid();
        return now !== undefined && now !== pid && isAlive(now) ? true : undefined;
      }, "the new daemon");
      writeFileSync(release, "");
      expect(await reply).toMatchObject({ reply: "Survived the restart." });
      expect(world.daemonPid()).not.toBe(pid);
    },
    120_000,
  );

  step(
    "close_session ends the session and the commander's rights on it",
    async () => {
      const closed = await alice.call("close_session", { session_id: workers[0] });
      expect(closed.isError, closed.text).toBe(false);
      expect(closed.structured).toMatchObject({ session_id: workers[0], branch: "ao/one", closed: true });
      expect(world.sessions().find((session) => session.id === workers[0])?.status).toBe("killed");
      const after = await alice.call("send", { session_id: workers[0], message: "still there?" });
      expect(after.text).toContain(`no session ${workers[0] ?? ""}`);
      const own = await alice.call("list_sessions");
      expect((own.structured["sessions"] as { session_id: string }[]).map((s) => s.session_id)).toEqual([
        workers[1],
      ]);
      // Closing ends the right to drive the worker, not to collect its replies (within the retention).
      const reread = await alice.call("wait_turn", { turn_id: longTurn, wait_s: 0 });
      expect(reread.isError, reread.text).toBe(false);
      expect(reread.structured).toMatchObject({ status: "completed", reply: "Finished the long job." });
      const notBobs = await bob.call("wait_turn", { turn_id: longTurn, wait_s: 0 });
      expect(notBobs.text).toContain(`no turn ${longTurn}`);
    },
    60_000,
  );

  it(
    "drives workers end to end: list, open, send, long turns, dedupe, busy, ownership, failure, restart, close",
    { timeout: 600_000 },
    async () => {
      // A retried run starts the story again: nothing from the failed try may carry over.
      workers.length = 0;
      longTurn = "";
      // A bound well above a 300 ms turn, so a loaded 2-core machine still answers "completed";
      // the long-turn steps end on release files, not on the bound.
      world = makeMcpWorld("controlPlane:\n  enabled: true\n  sendBoundS: 10\n");
      world.nextTurn({ reply: "ready", workMs: 200 });
      alice = await world.commander("alice");
      bob = await world.commander("bob");
      for (const [name, run] of steps) {
        try {
          await run();
        } catch (error) {
          throw new Error(`step "${name}": ${(error as Error).message}`, { cause: error });
        }
      }
    },
  );
});

describe("ao mcp with the control plane off", () => {
  it("exits non-zero and says how to turn it on", () => {
    const e2e = makeE2e();
    const run = e2e.ao(["mcp"]);
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("the control plane is off");
    expect(run.stderr).toContain("controlPlane: { enabled: true }");
  });
});
