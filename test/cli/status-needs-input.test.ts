import { describe, expect, it } from "vitest";
import { codexOptions } from "../../src/plugins/agent/_shared/plugin-options.js";
import { createCodexAgent } from "../../src/plugins/agent/codex.js";
import { screen } from "../plugins/agent/fixtures.js";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

/**
 * Issue 18: Codex waiting on its "Sign in with ChatGPT" screen showed `needs_input` with no reason.
 * The reason the agent plugin reads from the recorded screen is said under the table and carried
 * in --json; the fake agent reports what the real codex plugin reads from the recorded screen.
 */
async function signInReport() {
  const codex = createCodexAgent(codexOptions.parse({}), "/nonexistent");
  return codex.activity({
    sessionId: "s",
    worktree: "/w",
    liveness: { state: "alive" },
    screen: screen("codex", "sign-in"),
  });
}

describe("ao status on an agent that waits for input", () => {
  it("says under the table what the agent waits for, and suggests no Enter", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix the login bug"]);
    await f.ao(["spawn", "app", "Write the changelog"]);
    const report = await signInReport();
    expect(report.activity).toBe("needs_input");
    f.agent.setActivity("app-1", report);
    const { stdout, exitCode } = await f.ao(["status"]);
    expect(exitCode).toBe(0);
    const rows = stdout.split("\n");
    expect(rows).toContain(
      "app-1 needs_input: codex is waiting for sign-in (Sign in with ChatGPT / API key): run `codex login` in the pane or set OPENAI_API_KEY",
    );
    expect(rows.filter((row) => row.startsWith("app-2"))).toHaveLength(1);
    expect(stdout).not.toMatch(/press enter/i);
  });

  it("--json carries the reason as activity.detail", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix the login bug"]);
    f.agent.setActivity("app-1", await signInReport());
    const { sessions } = JSON.parse((await f.ao(["status", "--json"])).stdout) as {
      sessions: { id: string; activity: { state: string; detail?: string } | null }[];
    };
    expect(sessions[0]?.activity).toMatchObject({
      state: "needs_input",
      detail: expect.stringContaining("waiting for sign-in") as unknown,
    });
  });
});
