import { z } from "zod";
import { describe, expect, it } from "vitest";
import { definePlugin } from "../../src/core/plugin-api.js";
import { FakeAgent } from "../fakes/agent.js";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

/** An agent whose CLI defaults to a priced and an unpriced model, and whose records miss its side calls. */
function recordingAgent(agent: FakeAgent) {
  return () =>
    Promise.resolve(
      definePlugin({
        slot: "agent",
        name: "recorded",
        description: "test agent with recorded defaults",
        options: z.strictObject({}),
        defaultModels: {
          source: "Test CLI 1.2.3",
          recorded: "2026-12-03",
          models: ["claude-opus-5-5", "test-model-9"],
          unpriced: ["test-model-9"],
          sideCalls: "not counted: its title calls are not in its transcripts",
        },
        create: () => agent,
      }),
    );
}

const tokens = (input: number, output: number, cacheRead: number, cacheWrite: number) => ({
  input,
  output,
  cacheRead,
  cacheWrite,
  cacheWrite1h: 0,
});

describe("ao cost says what its sums are made of (issue 25)", () => {
  it("shows tokens by kind, prices Claude's new default, names unpriced models, defaults and side calls", async () => {
    const agent = new FakeAgent();
    const f = makeCliFixture({ plugins: { agent: { recorded: recordingAgent(agent) } } });
    f.writeConfig("agent: recorded");
    expect((await f.ao(["spawn", "app", "Fix it"])).exitCode).toBe(0);
    const worktree = f.session("app-1").worktree;
    const at = f.ctx.clock.now();
    agent.addUsage(
      worktree,
      { key: "a", at, model: "claude-opus-5-5", tokens: tokens(1000, 200, 5000, 300) },
      { key: "b", at, model: "test-model-9", tokens: tokens(10, 20, 30, 40) },
    );

    const json = await f.ao(["cost", "--json"]);
    expect(json.exitCode, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as {
      total: { usd: number };
      unpricedModels: unknown;
      agents: unknown;
    };
    expect(report.total).toMatchObject({
      tokens: 1000 + 200 + 5000 + 300 + 100,
      unpricedTokens: 100,
      tokensByKind: { input: 1010, output: 220, cacheRead: 5030, cacheWrite: 340 },
    });
    expect(report.total.usd).toBeCloseTo((1000 * 4 + 200 * 20 + 5000 * 0.2 + 300 * 5) / 1e6, 12);
    expect(report.unpricedModels).toEqual([{ model: "test-model-9", tokens: 100, records: 1 }]);
    expect(report.agents).toEqual([
      {
        agent: "recorded",
        sideCalls: "not counted: its title calls are not in its transcripts",
        unpricedDefaults: [
          { model: "test-model-9", source: "Test CLI 1.2.3, 2026-12-03", acknowledged: true },
        ],
      },
    ]);

    const text = await f.ao(["cost"]);
    expect(text.stdout).toMatch(/INPUT\s+OUTPUT\s+CACHE READ\s+CACHE WRITE/);
    expect(text.stdout).toMatch(/total .*\b1010\s+220\s+5030\s+340\b/);
    expect(text.stdout).toContain("unpriced: test-model-9: 100 tokens in 1 records left out of the cost");
    expect(text.stdout).toContain("unpriced default of recorded: test-model-9 (Test CLI 1.2.3, 2026-12-03)");
    expect(text.stdout).toContain(
      "recorded: side calls not counted: its title calls are not in its transcripts",
    );
  });
});
