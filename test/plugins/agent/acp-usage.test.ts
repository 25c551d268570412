import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { acpAgentOf } from "../../../src/plugins/agent/acp/acp-agent.js";
import { readAcpUsage } from "../../../src/plugins/agent/acp/acp-usage.js";
import { acpRecordPath } from "../../../src/plugins/agent/acp/record.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

const RECORDINGS = join(import.meta.dirname, "../../fixtures/agents/acp");

/** A recording of a real adapter as the host's record (record.ts): `t`, `dir` in/out, `msg`. */
function recordFrom(recording: string): string[] {
  return readFileSync(join(RECORDINGS, recording), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const { at, dir, message } = JSON.parse(line) as { at: number; dir: string; message: unknown };
      return `${JSON.stringify({ t: 1_000_000 + at, dir: dir === "agent->client" ? "in" : "out", msg: message })}\n`;
    });
}

const probe = (cursor = "") => ({ sessionId: "app-1", worktree: "/w", cursor });
const tokens = (input: number, output: number) => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
});

describe("usage over ACP, from recordings of the real adapters", () => {
  it("reads each prompt's usage from claude-agent-acp 0.23.1, with the model it named", () => {
    const record = join(makeTempDir("ao-acp-usage-"), "app-1.jsonl");
    writeFileSync(record, recordFrom("claude-agent-acp/0.23.1/main.jsonl").join(""));
    const read = readAcpUsage(record, probe());
    expect(read.records.map((r) => [r.model, r.tokens])).toEqual([
      ["default", tokens(10, 5)],
      ["default", tokens(30, 15)],
    ]);
    expect(read.source).toBe("acp record");
  });

  it("reads opencode 1.18.33's usage, which names no model (the cost stays unknown)", () => {
    const record = join(makeTempDir("ao-acp-usage-"), "app-1.jsonl");
    writeFileSync(record, recordFrom("opencode/1.18.33/main.jsonl").join(""));
    const read = readAcpUsage(record, probe());
    expect(read.records.map((r) => r.model)).toEqual([null, null, null]);
    expect(read.records[0]?.tokens).toEqual(tokens(10, 5));
  });

  it("goes on from its cursor: a record read twice is not counted twice, and the model is kept", () => {
    const lines = recordFrom("claude-agent-acp/0.23.1/main.jsonl");
    const cut = lines.findIndex((line) => line.includes('"totalTokens":15')) + 1;
    const record = join(makeTempDir("ao-acp-usage-"), "app-1.jsonl");
    writeFileSync(record, lines.slice(0, cut).join(""));
    const first = readAcpUsage(record, probe());
    expect(first.records).toHaveLength(1);
    expect(readAcpUsage(record, probe(first.cursor)).records).toEqual([]);
    appendFileSync(record, lines.slice(cut).join(""));
    const second = readAcpUsage(record, probe(first.cursor));
    expect(second.records.map((r) => [r.model, r.tokens])).toEqual([["default", tokens(30, 15)]]);
    expect(new Set([...first.records, ...second.records].map((r) => r.key)).size).toBe(2);
  });

  it("is the ACP agent's usage capability, read from the session's record under AO_HOME", async () => {
    const home = makeTempDir("ao-acp-usage-home-");
    const record = acpRecordPath(home, "app-1");
    mkdirSync(dirname(record), { recursive: true });
    writeFileSync(record, recordFrom("claude-agent-acp/0.23.1/main.jsonl").join(""));
    const agent = acpAgentOf(() => ({ argv: ["fake"], env: {} }), {
      node: "node",
      aoScript: "ao.js",
      aoHome: home,
    });
    const read = await agent.usage?.(probe());
    expect(read?.records.map((r) => r.tokens.output)).toEqual([5, 15]);
  });

  it("has no usage, not an error, before the record exists", () => {
    const read = readAcpUsage(join(makeTempDir("ao-acp-usage-"), "none.jsonl"), probe());
    expect(read.records).toEqual([]);
  });
});
