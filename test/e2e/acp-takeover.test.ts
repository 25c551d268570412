import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * `ao session takeover` / `handback` (docs/acp.md, "Taking over"): the conversation goes from ao's
 * ACP host to the agent's own TUI in the session's terminal and back, never with two writers. The
 * built ao, real tmux and SQLite, the fake ACP agent (keeping its conversations on disk, so the
 * handback's session/load continues the same one) and test/fixtures/bin/fake-tui as the TUI.
 */
let world: E2e | undefined;
afterEach(() => {
  world?.ao(["session", "kill", "app-1"]);
  world = undefined;
});

interface TurnJson {
  id: string;
  status: string;
}

function takeoverWorld(): E2e & {
  lines: (file: string) => Record<string, unknown>[];
  log: string;
  tui: string;
} {
  const e2e = makeE2e();
  world = e2e;
  const log = join(e2e.userHome, "fake-acp.log");
  const tui = join(e2e.userHome, "fake-tui.log");
  const sessions = join(e2e.userHome, "fake-acp-sessions");
  e2e.writeConfig(
    [
      "agent:",
      "  plugin: acp",
      "  argv: [fake-acp-agent]",
      '  takeover: [fake-tui, "{session}"]',
      `  env: {FAKE_ACP_SESSIONS_DIR: "${sessions}", FAKE_ACP_LOG: "${log}", FAKE_TUI_LOG: "${tui}"}`,
    ].join("\n"),
    "port: 0",
  );
  const lines = (file: string) =>
    existsSync(file)
      ? readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  return Object.assign(e2e, { lines, log, tui });
}

function turns(e2e: E2e): TurnJson[] {
  const listed = e2e.ao(["turns", "app-1", "--json"]);
  expect(listed.exitCode, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { turns: TurnJson[] }).turns;
}

const pane = (e2e: E2e): string => e2e.tmux(["capture-pane", "-p", "-t", "=app-1:0"]);

function acpSessionOf(e2e: E2e): string {
  const record = readFileSync(join(e2e.home, "acp", "app-1.jsonl"), "utf8");
  const ready = /"kind":"ready","acpSessionId":"([^"]+)"/u.exec(record);
  expect(ready).not.toBeNull();
  return ready![1]!;
}

describe("ao session takeover / handback on an ACP session", () => {
  it(
    "hands the conversation to the TUI and back; ao types nothing meanwhile, then delivers what waited",
    { timeout: 240_000 },
    async () => {
      const e2e = takeoverWorld();
      expect(e2e.ao(["spawn", "app", "remember the word banana"]).exitCode).toBe(0);
      const hello = e2e.ao(["send", "app-1", "--wait", "hello there"]);
      expect(hello.exitCode, hello.stderr).toBe(0);
      const conversation = acpSessionOf(e2e);

      // Refused while a turn runs: the agent is working, two writers would collide.
      const gate = join(e2e.userHome, "gate");
      expect(e2e.ao(["send", "app-1", "--no-wait", `gate ${gate}`]).exitCode).toBe(0);
      await eventually(() => (turns(e2e)[2]?.status === "running" ? true : undefined), "the gated turn");
      const busy = e2e.ao(["session", "takeover", "app-1"]);
      expect([busy.exitCode, busy.stderr]).toEqual([1, expect.stringContaining("is working on t-3")]);
      writeFileSync(gate, "open\n");
      await eventually(() => (turns(e2e)[2]?.status === "completed" ? true : undefined), "the gate's turn");

      const taken = e2e.ao(["session", "takeover", "app-1", "--json"]);
      expect(taken.exitCode, taken.stderr).toBe(0);
      expect(JSON.parse(taken.stdout)).toEqual({ session: "app-1", to: "tui", delivered: null });
      await eventually(
        () => (pane(e2e).includes(`fake-tui: resumed conversation ${conversation}`) ? true : undefined),
        "the TUI in the session's terminal",
      );
      // The host cleared its screen for the TUI: none of its own lines are left on it.
      expect(pane(e2e)).not.toContain("ACP session");
      // The person types in the terminal: the TUI, not the host, reads it.
      e2e.tmux(["send-keys", "-t", "=app-1:0", "-l", "typed by the person"]);
      e2e.tmux(["send-keys", "-t", "=app-1:0", "Enter"]);
      await eventually(
        () => (pane(e2e).includes("fake-tui got: typed by the person") ? true : undefined),
        "the TUI to read the person's line",
      );
      const again = e2e.ao(["session", "takeover", "app-1"]);
      expect([again.exitCode, again.stderr]).toEqual([1, expect.stringContaining("already taken over")]);

      // ao gives no turn while the person drives: the message waits, queued.
      const held = e2e.ao(["send", "app-1", "recall"]);
      expect(held.exitCode).toBe(1);
      expect(held.stderr).toContain("app-1 is taken over: a person drives fake-tui");
      expect(turns(e2e)[3]).toMatchObject({ id: "t-4", status: "queued" });
      const status = JSON.parse(e2e.ao(["status", "--json"]).stdout) as {
        sessions: { id: string; activityDetail?: string; activity?: { detail?: string } }[];
      };
      expect(JSON.stringify(status.sessions[0])).toContain("taken over");

      const back = e2e.ao(["session", "handback", "app-1", "--json"]);
      expect(back.exitCode, back.stderr).toBe(0);
      expect(JSON.parse(back.stdout)).toEqual({ session: "app-1", to: "ao", delivered: "t-4" });
      await eventually(() => (turns(e2e)[3]?.status === "completed" ? true : undefined), "the queued turn");
      const recalled = e2e.ao(["turns", "show", "t-4"]);
      // The same conversation, loaded again: its last prompt before the takeover.
      expect(recalled.stdout.trimEnd()).toBe(`Before, you said: gate ${gate}`);

      const tuiLog = e2e.lines(e2e.tui);
      expect(tuiLog.map((entry) => entry["event"])).toEqual(["start", "line", "sigterm"]);
      expect(tuiLog[0]).toMatchObject({ argv: [conversation], tty: true });
      const agentLog = e2e.lines(e2e.log);
      const loads = agentLog.filter((entry) => entry["event"] === "session/load");
      expect(loads.map((entry) => (entry["params"] as { sessionId: string }).sessionId)).toEqual([
        conversation,
      ]);
      const prompts = agentLog.filter((entry) => entry["event"] === "session/prompt").map((e) => e["text"]);
      expect(prompts).not.toContain("typed by the person");
      expect(prompts.filter((text) => text === "recall")).toHaveLength(1);
      const notAgain = e2e.ao(["session", "handback", "app-1"]);
      expect([notAgain.exitCode, notAgain.stderr]).toEqual([1, expect.stringContaining("is not taken over")]);
    },
  );
});
