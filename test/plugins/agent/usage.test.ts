import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { priceTable } from "../../../src/core/cost/prices.js";
import { priced } from "../../../src/core/cost/refresh-usage.js";
import type { Agent, UsageRead } from "../../../src/core/slots/index.js";
import { createAiderAgent } from "../../../src/plugins/agent/aider.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { escapedCwd } from "../../../src/plugins/agent/claude-code/usage.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { commandOptions, createCommandAgent } from "../../../src/plugins/agent/command.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import {
  aiderOptions,
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { fixture } from "./fixtures.js";

const WORKTREE = "/var/tmp/ao-usage/worktrees/app-1";

async function read(agent: Agent, cursor = ""): Promise<UsageRead> {
  return agent.usage!({ sessionId: "app-1", worktree: WORKTREE, cursor });
}

function lines(text: string): string[] {
  return text.split("\n").filter(Boolean);
}

function usdOfRead(found: UsageRead, pricing = {}): number | null {
  const rows = found.records.map((record) => priced(record, priceTable(pricing)));
  return rows.some((row) => row.usd === null) ? null : rows.reduce((sum, row) => sum + row.usd!, 0);
}

describe("claude-code usage (recorded transcript of 2.1.197)", () => {
  function setUp() {
    const configDir = makeTempDir("ao-claude-config-");
    const dir = join(configDir, "projects", escapedCwd(WORKTREE));
    mkdirSync(dir, { recursive: true });
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, {
      configDir,
      stateFile: join(configDir, ".claude.json"),
    });
    return { agent, transcript: join(dir, "56911fd8-2739-40e7-bbeb-872f3c0a2c48.jsonl"), dir };
  }

  it("gives each assistant entry's usage and model, priced from the table", async () => {
    const { agent, transcript } = setUp();
    writeFileSync(transcript, fixture("claude", "transcript.jsonl"));
    const found = await read(agent);
    expect(found.records.map((r) => [r.model, r.tokens])).toEqual(
      Array.from({ length: 3 }, () => [
        "claude-opus-4-8",
        { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
      ]),
    );
    // claude-opus-4-8: $5 input, $25 output per million tokens.
    expect(usdOfRead(found)).toBeCloseTo((3 * (10 * 5 + 5 * 25)) / 1e6, 12);
    expect(found.source).toBe("claude-code transcript");
  });

  it("reads only what was appended since its cursor, and a truncated file from its start", async () => {
    const { agent, transcript } = setUp();
    const all = lines(fixture("claude", "transcript.jsonl"));
    writeFileSync(transcript, `${all.slice(0, 8).join("\n")}\n`);
    const first = await read(agent);
    expect(first.records).toHaveLength(1);
    appendFileSync(transcript, `${all.slice(8).join("\n")}\n`);
    const second = await read(agent, first.cursor);
    expect(second.records).toHaveLength(2);
    expect((await read(agent, second.cursor)).records).toEqual([]);
    writeFileSync(transcript, `${all.slice(0, 13).join("\n")}\n`);
    const again = await read(agent, second.cursor);
    expect(again.records.map((r) => r.key)).toEqual([...first.records, second.records[0]].map((r) => r!.key));
  });

  it("reads a subagent's transcript, and counts one response written as several entries once", async () => {
    const { agent, transcript, dir } = setUp();
    const entry = lines(fixture("claude", "transcript.jsonl")).find((l) => l.includes('"usage"'))!;
    const block = (n: number) =>
      entry
        .replace('"type":"assistant"', `"requestId":"req_1","type":"assistant"`)
        .replace('"output_tokens":5', `"output_tokens":${n}`);
    writeFileSync(transcript, `${block(1)}\n${block(7)}\n`);
    const sub = join(dir, "56911fd8-2739-40e7-bbeb-872f3c0a2c48", "subagents");
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, "agent-a1.jsonl"), `${entry}\n`);
    const found = await read(agent);
    const byKey = new Map(found.records.map((r) => [r.key, r.tokens.output]));
    expect([...byKey.values()].sort()).toEqual([5, 7]);
  });
});

describe("claude-code usage (recorded transcript of 2.1.332, its new default model)", () => {
  it("gives each reply's usage under claude-opus-5-5, priced from the table", async () => {
    const configDir = makeTempDir("ao-claude-config-");
    const dir = join(configDir, "projects", escapedCwd(WORKTREE));
    mkdirSync(dir, { recursive: true });
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, {
      configDir,
      stateFile: join(configDir, ".claude.json"),
    });
    writeFileSync(
      join(dir, "5f4137f4-aba9-4244-a7dc-1e3ca3442cf3.jsonl"),
      fixture("claude", "2.1.332/turns/conversation.transcript.jsonl"),
    );
    const found = await read(agent);
    expect(found.records.map((r) => [r.model, r.tokens])).toEqual(
      Array.from({ length: 2 }, () => [
        "claude-opus-5-5",
        { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
      ]),
    );
    // claude-opus-5-5: $4 input, $20 output per million tokens.
    expect(usdOfRead(found)).toBeCloseTo((2 * (10 * 4 + 5 * 20)) / 1e6, 12);
  });
});

describe("codex usage (recorded rollout of codex-cli 0.171.0)", () => {
  function setUp() {
    const home = makeTempDir("ao-codex-home-");
    const day = join(home, "sessions", "2026", "11", "29");
    mkdirSync(day, { recursive: true });
    const rollout = lines(fixture("codex", "rollout.jsonl"));
    const meta = JSON.parse(rollout[0]!) as { payload: { id: string; cwd: string } };
    const file = join(day, `rollout-2026-11-29T15-31-17-${meta.payload.id}.jsonl`);
    const text = rollout.join("\n").replaceAll(meta.payload.cwd, WORKTREE);
    return { agent: createCodexAgent(codexOptions.parse({}), home), file, text };
  }

  it("gives each token count's growth with the turn's model; a model without a price has tokens, usd unknown", async () => {
    const { agent, file, text } = setUp();
    writeFileSync(file, `${text}\n`);
    const found = await read(agent);
    expect(found.records.map((r) => [r.model, r.tokens])).toEqual([
      ["mock-model", { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 }],
    ]);
    expect(usdOfRead(found)).toBeNull();
    expect(usdOfRead(found, { "mock-model": { input: 2, output: 8 } })).toBeCloseTo(
      (10 * 2 + 5 * 8) / 1e6,
      12,
    );
  });

  it("adds nothing for a repeated count, and the growth of a later one", async () => {
    const { agent, file, text } = setUp();
    writeFileSync(file, `${text}\n`);
    const first = await read(agent);
    const count = lines(text).find((l) => l.includes('"token_count"'))!;
    appendFileSync(file, `${count}\n`);
    expect((await read(agent, first.cursor)).records).toEqual([]);
    const later = count.replace(
      /"total_token_usage":\{"input_tokens":10,"cached_input_tokens":0/,
      '"total_token_usage":{"input_tokens":40,"cached_input_tokens":20',
    );
    appendFileSync(file, `${later}\n`);
    const grown = await read(agent, first.cursor);
    expect(grown.records.map((r) => r.tokens)).toEqual([
      { input: 10, output: 0, cacheRead: 20, cacheWrite: 0, cacheWrite1h: 0 },
    ]);
  });
});

describe("gemini usage (recorded chat of Gemini CLI 0.61.0)", () => {
  it("gives each gemini message's tokens once, however often the CLI rewrote it", async () => {
    const home = makeTempDir("ao-gemini-home-");
    writeFileSync(join(home, "projects.json"), JSON.stringify({ projects: { [WORKTREE]: "project" } }));
    const chats = join(home, "tmp", "project", "chats");
    mkdirSync(chats, { recursive: true });
    const chat = join(chats, "session-2026-12-01T20-32-f096cc53.jsonl");
    writeFileSync(chat, fixture("gemini", "turns/chat.jsonl"));
    const agent = createGeminiAgent(geminiOptions.parse({}), home, makeTestContext().exec);
    const found = await read(agent);
    const latest = new Map(found.records.map((r) => [r.key, r]));
    expect(latest.size).toBe(5);
    const sum = [...latest.values()].reduce(
      (s, r) => ({ input: s.input + r.tokens.input, output: s.output + r.tokens.output }),
      { input: 0, output: 0 },
    );
    expect(sum).toEqual({ input: 50, output: 25 });
    // The message of the empty-response error has tokens but no model: its cost is unknown.
    expect([...latest.values()].filter((r) => r.model === null).map((r) => r.key)).toEqual([
      "a18c57c8-3206-42fc-8771-95eff3d5f96d",
    ]);
    expect(new Set([...latest.values()].map((r) => r.model))).toEqual(new Set(["gemini-3.8-flash", null]));
    rmSync(chat);
    expect((await read(agent, found.cursor)).records).toEqual([]);
  });
});

describe("agents whose CLI records no usage", () => {
  it("aider and command offer no usage: their cost is unknown, never zero", () => {
    expect("usage" in createAiderAgent(aiderOptions.parse({}))).toBe(false);
    expect("usage" in createCommandAgent(commandOptions.parse({ argv: ["my-agent"] }))).toBe(false);
  });
});
