import { describe, expect, it } from "vitest";
import { FAKE_AGENT_BYPASS_FLAG, FAKE_AGENT_SCREENS, FakeAgent } from "../fakes/agent.js";
import { makeTestRepo } from "../helpers/git-repo.js";
import { agentContract } from "./agent.js";

agentContract("fake", () =>
  Promise.resolve({
    agent: new FakeAgent(),
    worktree: makeTestRepo().dir,
    bypassFlags: [FAKE_AGENT_BYPASS_FLAG],
    screens: FAKE_AGENT_SCREENS,
    cleanup: () => Promise.resolve(),
  }),
);

describe("FakeAgent controls", () => {
  it("learns its session id from the file its hooks write", async () => {
    const agent = new FakeAgent();
    const worktree = makeTestRepo().dir;
    FakeAgent.writeSessionId(worktree, "conv-42");
    const report = await agent.activity({
      sessionId: "s",
      worktree,
      liveness: { state: "alive" },
      screen: FAKE_AGENT_SCREENS.idle,
    });
    expect(report).toEqual({ activity: "idle", agentSessionId: "conv-42" });
  });

  it("lets a test force activity and add usage, and records launches", async () => {
    const agent = new FakeAgent(["my-agent", "--tui"]);
    agent.setActivity("s", { activity: "needs_input", detail: "question" });
    const record = {
      key: "k",
      at: 1,
      model: "m",
      tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
    };
    agent.addUsage("/w", record);
    const spec = await agent.launch({
      sessionId: "s",
      worktree: "/w",
      promptFile: "/p.md",
      permissions: "default",
      model: "m1",
    });
    expect(spec.argv).toEqual(["my-agent", "--tui", "--prompt-file", "/p.md", "--model", "m1"]);
    expect(agent.launches).toHaveLength(1);
    expect(
      (await agent.activity({ sessionId: "s", worktree: "/w", liveness: { state: "alive" } })).activity,
    ).toBe("needs_input");
    const first = await agent.usage({ sessionId: "s", worktree: "/w", cursor: "" });
    expect(first.records).toEqual([record]);
    expect((await agent.usage({ sessionId: "s", worktree: "/w", cursor: first.cursor })).records).toEqual([]);
  });
});
