import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentShapes, shapesMissingFrom } from "../core/acp/acp-shapes.js";
import { ACP_FIXTURES, readRecording } from "../core/acp/acp-recording.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { approvedRun } from "./acp-fixture.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * A built-in agent with `protocol: acp` end to end (issue 26): claude-code runs ao's ACP host with
 * `claude-agent-acp` found on PATH, here the fake ACP agent (test/fixtures/bin/fake-acp-agent)
 * under that name in a bin directory of the test. The built ao, real tmux and SQLite.
 */
let world: E2e | undefined;
afterEach(() => {
  world?.ao(["session", "kill", "app-1"]);
  world = undefined;
});

const FAKE_ACP_AGENT = join(import.meta.dirname, "..", "fixtures", "bin", "fake-acp-agent");

/** `plugin` with protocol: acp, the fake ACP agent on PATH as `adapter` unless `installed` is false. */
function overAcp(plugin: string, adapter: string, installed = true): { e2e: E2e; log: string } {
  const e2e = makeE2e();
  world = e2e;
  const bin = makeTempDir("ao-acp-bin-");
  if (installed) symlinkSync(FAKE_ACP_AGENT, join(bin, adapter));
  const log = join(e2e.userHome, "fake-acp.log");
  Object.assign(e2e.env, {
    PATH: `${bin}:${e2e.env.PATH}`,
    FAKE_ACP_LOG: log,
    ANTHROPIC_API_KEY: "sk-ant-e2e",
  });
  e2e.writeConfig(`agent:\n  plugin: ${plugin}\n  protocol: acp`);
  return { e2e, log };
}

const claudeOverAcp = (installed = true) => overAcp("claude-code", "claude-agent-acp", installed);

/** The fake agent's first log line: the argv and the names of the variables it was started with. */
function adapterStart(log: string): { argv: string[]; envKeys: string[] } {
  return JSON.parse(readFileSync(log, "utf8").split("\n")[0] ?? "{}") as {
    argv: string[];
    envKeys: string[];
  };
}

/**
 * The fake agent stands in for claude-agent-acp here: what it sent this session (the host's record)
 * uses only message kinds and keys the real adapter's recording has (test/fixtures/agents/acp/).
 */
function fakeSendsOnlyWhatClaudeAgentAcpSends(e2e: E2e): string[] {
  const record = readFileSync(join(e2e.home, "acp", "app-1.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { dir: string; msg?: Record<string, unknown> })
    .flatMap((line) => (line.msg === undefined ? [] : [{ fromAgent: line.dir === "in", message: line.msg }]));
  const recorded = readRecording(join(ACP_FIXTURES, "claude-agent-acp", "0.23.1", "main.jsonl")).flatMap(
    (line) =>
      line.message === undefined ? [] : [{ fromAgent: line.dir === "agent->client", message: line.message }],
  );
  return shapesMissingFrom(agentShapes(record), agentShapes(recorded));
}

describe("agent: {plugin: claude-code, protocol: acp}", () => {
  it(
    "spawns claude-agent-acp from PATH, answers ao send --wait, asks a question ao approve answers, lists tool calls",
    { timeout: 240_000 },
    async () => {
      const { e2e, log } = claudeOverAcp();
      const spawned = e2e.ao(["spawn", "app", "say hello"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      const sent = e2e.ao(["send", "app-1", "--wait", "how are you"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      expect(sent.stdout).toBe("You said: how are you\n");

      // The adapter was started with no arguments, and Claude's key reached it.
      const start = adapterStart(log);
      expect(start.argv).toEqual([]);
      expect(start.envKeys).toContain("ANTHROPIC_API_KEY");

      await approvedRun(e2e, "t-3");
      const shown = e2e.ao(["turns", "show", "t-3"]);
      expect(shown.stderr).toMatch(/⏺ execute Run npm test — completed/);
      expect(fakeSendsOnlyWhatClaudeAgentAcpSends(e2e)).toEqual([]);
    },
  );

  it(
    "ao doctor checks claude-agent-acp on PATH, with the install command as the fix",
    { timeout: 120_000 },
    () => {
      const doctorCheck = (e2e: E2e) => {
        const report = JSON.parse(e2e.ao(["doctor", "--json"]).stdout) as {
          checks: { id: string; status: string; fix?: string; source?: { keyPath: string; line?: number } }[];
        };
        return report.checks.find((check) => check.id === "agent:claude-code:acp");
      };
      expect(doctorCheck(claudeOverAcp().e2e)).toMatchObject({ status: "ok" });
      expect(doctorCheck(claudeOverAcp(false).e2e)).toMatchObject({
        status: "fail",
        fix: "npm i -g @zed-industries/claude-agent-acp",
        source: { keyPath: "projects.app.agent.protocol", line: 6 },
      });
    },
  );

  it.each([
    ["gemini", "gemini", ["--experimental-acp"]],
    ["opencode", "opencode", ["acp"]],
  ])(
    "%s with protocol: acp runs `%s %s` and answers ao send --wait",
    { timeout: 120_000 },
    (plugin, adapter, argv) => {
      const { e2e, log } = overAcp(plugin, adapter);
      const spawned = e2e.ao(["spawn", "app", "say hello"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      const sent = e2e.ao(["send", "app-1", "--wait", "how are you"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      expect(sent.stdout).toBe("You said: how are you\n");
      expect(adapterStart(log).argv).toEqual(argv);
    },
  );
});
