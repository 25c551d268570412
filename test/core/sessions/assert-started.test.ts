import { describe, expect, it } from "vitest";
import { assertAgentStarted } from "../../../src/core/sessions/assert-started.js";
import type { Liveness } from "../../../src/core/slots/index.js";
import { FakeRuntime } from "../../fakes/runtime.js";

function watchContext(windowMs: number) {
  let written = "";
  const stderr = { write: (text: string) => ((written += text), true) } as unknown as NodeJS.WritableStream;
  const env: Record<string, string | undefined> = { AO_SPAWN_WATCH_MS: String(windowMs) };
  return { ctx: { env, stderr }, written: () => written };
}

describe("assertAgentStarted", () => {
  it("ends the watch as soon as the agent shows it settled, instead of waiting out the window", async () => {
    const runtime = new FakeRuntime();
    const handle = await runtime.create({ sessionId: "app-1", cwd: "/tmp", argv: ["agent"], env: {} });
    const looks: Liveness[] = [];
    // A ten-minute window: only the settled signal can end this watch inside the test's timeout.
    const { ctx, written } = watchContext(600_000);
    await assertAgentStarted(ctx, runtime, handle, {
      sessionId: "app-1",
      agentName: "fake",
      settled: (liveness) => Promise.resolve((looks.push(liveness), looks.length === 3)),
    });
    expect(looks).toHaveLength(3);
    expect(looks.every((look) => look.state === "alive")).toBe(true);
    expect(written()).toContain("app-1: watching fake for up to 600s…");
  });

  it("still fails with the agent's words when it exits before it settles", async () => {
    const runtime = new FakeRuntime();
    const handle = await runtime.create({ sessionId: "app-1", cwd: "/tmp", argv: ["agent"], env: {} });
    setTimeout(() => {
      runtime.print(handle, "Unable to connect to Anthropic services");
      runtime.exit(handle, 1);
    }, 300);
    const { ctx } = watchContext(600_000);
    const watch = assertAgentStarted(ctx, runtime, handle, {
      sessionId: "app-1",
      agentName: "fake",
      settled: () => Promise.resolve(false),
    });
    await expect(watch).rejects.toMatchObject({
      code: "E_SPAWN_FAILED",
      hint: expect.stringContaining("Unable to connect to Anthropic services") as unknown,
    });
  });
});
