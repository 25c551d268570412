import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, killDaemons, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * An ACP session outlives its host and the daemon (issue 26): `kill -9` of the host, then
 * `ao session restore`, continues the same conversation (`session/load`); `ao stop` / `ao start`
 * during a turn loses neither the turn's reply nor a message sent meanwhile. The built ao, real
 * tmux and SQLite, ao's ACP host and the fake ACP agent (test/fixtures/bin/fake-acp-agent).
 */
interface TurnJson {
  id: string;
  status: string;
  reply?: string | null;
}

type RecordLine = { dir: string; event?: { kind: string; pid?: number; acpSessionId?: string } };

let world: E2e | undefined;
const daemons: number[] = [];
afterEach(() => {
  killDaemons(daemons);
  world?.ao(["session", "kill", "app-1"]);
  world = undefined;
});

/** An ACP world whose fake agent keeps its conversations on disk (so it offers loadSession) and logs. */
function acpWorld(): E2e & { agentLog: () => Record<string, unknown>[] } {
  const e2e = makeE2e();
  const log = join(e2e.userHome, "fake-acp.log");
  const sessions = join(e2e.userHome, "fake-acp-sessions");
  e2e.writeConfig(
    `agent:\n  plugin: acp\n  argv: [fake-acp-agent]\n  env: {FAKE_ACP_SESSIONS_DIR: "${sessions}", FAKE_ACP_LOG: "${log}"}`,
    "port: 0",
  );
  world = e2e;
  const agentLog = () =>
    existsSync(log)
      ? readFileSync(log, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  return Object.assign(e2e, { agentLog });
}

function turns(e2e: E2e): TurnJson[] {
  const listed = e2e.ao(["turns", "app-1", "--json"]);
  expect(listed.exitCode, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { turns: TurnJson[] }).turns;
}

function hostEvents(e2e: E2e): NonNullable<RecordLine["event"]>[] {
  return readFileSync(join(e2e.home, "acp", "app-1.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordLine)
    .flatMap((line) => (line.dir === "host" && line.event !== undefined ? [line.event] : []));
}

/** A turn's reply, as `ao turns show` prints it (the reply alone on stdout). */
function reply(e2e: E2e, turn: string): string {
  const shown = e2e.ao(["turns", "show", turn]);
  expect(shown.exitCode, shown.stderr).toBe(0);
  return shown.stdout.trimEnd();
}

/** How many prompts the agent answered with end_turn, as the record has them. */
function endTurns(e2e: E2e): number {
  return (
    readFileSync(join(e2e.home, "acp", "app-1.jsonl"), "utf8").split('"stopReason":"end_turn"').length - 1
  );
}

describe("an ACP session after its host is killed", () => {
  it(
    "ao session restore continues the same conversation with session/load, without the task again",
    { timeout: 240_000 },
    async () => {
      const e2e = acpWorld();
      expect(e2e.ao(["spawn", "app", "remember the word banana"]).exitCode).toBe(0);
      const sent = e2e.ao(["send", "app-1", "--wait", "how are you"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      const first = hostEvents(e2e).find((event) => event.kind === "ready");
      const host = hostEvents(e2e).find((event) => event.kind === "started")?.pid;
      expect(first?.acpSessionId).toBeDefined();
      expect(host).toBeGreaterThan(0);
      // Killed mid-turn: a turn that would run until its gate (never opened) opens.
      const gate = `gate ${join(e2e.userHome, "never")}`;
      expect(e2e.ao(["send", "app-1", "--no-wait", gate]).exitCode).toBe(0);
      await eventually(() => (turns(e2e)[2]?.status === "running" ? true : undefined), "the gated turn");

      process.kill(host!, "SIGKILL");
      const restored = await eventually(() => {
        const run = e2e.ao(["session", "restore", "app-1", "--json"]);
        if (run.exitCode !== 0) return undefined;
        const [result] = (JSON.parse(run.stdout) as { results: { action: string }[] }).results;
        return result?.action === "restored" ? result : undefined;
      }, "ao session restore to restart the host (once the runtime sees it dead)");
      expect(restored).toMatchObject({ action: "restored", resumed: true });

      const recalled = e2e.ao(["send", "app-1", "--wait", "recall"]);
      expect(recalled.exitCode, recalled.stderr).toBe(0);
      expect(recalled.stdout).toBe(`Before, you said: ${gate}\n`);
      const readies = hostEvents(e2e).filter((event) => event.kind === "ready");
      expect(readies).toEqual([
        expect.objectContaining({ acpSessionId: first!.acpSessionId, loaded: false }),
        expect.objectContaining({ acpSessionId: first!.acpSessionId, loaded: true }),
      ]);
      const log = e2e.agentLog();
      const loads = log.filter((entry) => entry["event"] === "session/load");
      expect(loads.map((entry) => (entry["params"] as { sessionId: string }).sessionId)).toEqual([
        first!.acpSessionId,
      ]);
      const prompts = log
        .filter((entry) => entry["event"] === "session/prompt")
        .map((entry) => entry["text"]);
      expect(prompts.filter((text) => String(text).includes("remember the word banana"))).toHaveLength(1);
      expect(prompts.slice(-3)).toEqual(["how are you", gate, "recall"]);
      // The turn the killed host was running ended with it; the next one is the loaded conversation's.
      expect(turns(e2e).map((turn) => turn.status)).toEqual([
        "completed",
        "completed",
        "failed",
        "completed",
      ]);
    },
  );
});

describe("an ACP session while the daemon stops and starts", () => {
  it(
    "the running turn still ends with its reply, and a message sent meanwhile is delivered once",
    { timeout: 240_000 },
    async () => {
      const e2e = acpWorld();
      const gate = join(e2e.userHome, "gate");
      const started = e2e.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      daemons.push((JSON.parse(started.stdout) as { pid: number }).pid);
      expect(e2e.ao(["spawn", "app", "say hello"]).exitCode).toBe(0);
      expect(e2e.ao(["send", "app-1", "--no-wait", `gate ${gate}`]).exitCode).toBe(0);
      await eventually(
        () => (turns(e2e)[1]?.status === "running" ? true : undefined),
        "the gated turn running",
      );

      const stopped = e2e.ao(["stop"]);
      expect(stopped.exitCode, stopped.stderr).toBe(0);
      const queued = e2e.ao(["send", "app-1", "--no-wait", "after the restart"]);
      expect(queued.exitCode, queued.stderr).toBe(0);
      writeFileSync(gate, "open\n");
      // The agent answers the prompt while no daemon runs: the record keeps it.
      await eventually(
        () => (endTurns(e2e) === 2 ? true : undefined),
        "the gated prompt's answer in the record",
      );

      // Nobody delivered it while the daemon was stopped: the daemon does, after its start.
      expect(turns(e2e)[2]).toMatchObject({ id: "t-3", status: "queued" });
      const again = e2e.ao(["start", "--json"]);
      expect(again.exitCode, again.stderr).toBe(0);
      daemons.push((JSON.parse(again.stdout) as { pid: number }).pid);
      await eventually(
        () => (turns(e2e)[2]?.status === "completed" ? true : undefined),
        "the message sent while the daemon was stopped to be answered",
      );
      expect(turns(e2e).map((turn) => turn.status)).toEqual(["completed", "completed", "completed"]);
      expect([reply(e2e, "t-2"), reply(e2e, "t-3")]).toEqual([
        "Waiting at the gate. The gate opened.",
        "You said: after the restart",
      ]);
      const prompts = e2e.agentLog().filter((entry) => entry["event"] === "session/prompt");
      expect(prompts.filter((entry) => entry["text"] === "after the restart")).toHaveLength(1);
      expect(e2e.ao(["stop"]).exitCode).toBe(0);
    },
  );
});
