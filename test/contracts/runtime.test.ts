import { describe, expect, it } from "vitest";
import { FakeRuntime } from "../fakes/runtime.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { runtimeContract } from "./runtime.js";

/** The contract's program protocol, simulated: record each line, exit on `exit N`. */
function makeFakeSubject() {
  const runtime = new FakeRuntime({
    program: (text, _process, exit) => {
      const match = /^exit (\d+)$/m.exec(text);
      if (match) exit(Number(match[1]));
    },
  });
  const received = (sessionId: string) =>
    Promise.resolve(runtime.processOf(sessionId)?.transcript.join("\n") ?? "");
  return Promise.resolve({
    runtime,
    cwd: makeTempDir(),
    program: (sessionId: string) => ({ argv: ["fake-agent", "--session", sessionId], env: {} }),
    received,
    cleanup: () => Promise.resolve(),
  });
}

runtimeContract("fake", makeFakeSubject);

describe("FakeRuntime controls", () => {
  it("records what a session was started with and every delivery", async () => {
    const runtime = new FakeRuntime();
    const handle = await runtime.create({ sessionId: "app-1", cwd: "/w", argv: ["agent"], env: { A: "1" } });
    await runtime.deliver(handle, "fix the bug");
    expect(runtime.process(handle).input).toEqual({
      sessionId: "app-1",
      cwd: "/w",
      argv: ["agent"],
      env: { A: "1" },
    });
    expect(runtime.processOf("app-1")?.transcript).toEqual(["fix the bug"]);
  });

  it("pastes once and reports unconfirmed delivery for an unresponsive program", async () => {
    const runtime = new FakeRuntime({ submitAttempts: 4 });
    const handle = await runtime.create({ sessionId: "app-1", cwd: "/w", argv: ["agent"], env: {} });
    runtime.process(handle).unresponsive = true;
    expect(await runtime.deliver(handle, "hello")).toMatchObject({ confirmed: false, attempts: 4 });
    expect(runtime.process(handle).transcript).toEqual(["hello"]);
  });

  it("simulates exits, vanishing sessions and flaky probes", async () => {
    const runtime = new FakeRuntime();
    const handle = await runtime.create({ sessionId: "app-1", cwd: "/w", argv: ["agent"], env: {} });
    runtime.overrideProbe(handle, { state: "unknown", reason: "tmux busy" });
    expect(await runtime.liveness(handle)).toEqual({ state: "unknown", reason: "tmux busy" });
    runtime.overrideProbe(handle, undefined);
    runtime.exit(handle, 2);
    expect(await runtime.liveness(handle)).toEqual({ state: "exited", exitCode: 2 });
    runtime.vanish(handle);
    expect(await runtime.liveness(handle)).toEqual({ state: "missing" });
  });

  it("shows printed output on the captured screen", async () => {
    const runtime = new FakeRuntime();
    const handle = await runtime.create({ sessionId: "app-1", cwd: "/w", argv: ["agent"], env: {} });
    runtime.print(handle, "Do you want to proceed?\n❯ 1. Yes\n\n");
    expect(await runtime.capture(handle, { lines: 2 })).toBe("Do you want to proceed?\n❯ 1. Yes");
  });
});
