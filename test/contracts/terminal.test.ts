import { FakeRuntime } from "../fakes/runtime.js";
import { FakeTerminal } from "../fakes/terminal.js";
import { terminalContract } from "./terminal.js";

terminalContract("fake", async () => {
  const runtime = new FakeRuntime();
  const terminal = new FakeTerminal(runtime);
  const start = async (sessionId: string) => ({
    sessionId,
    handle: await runtime.create({ sessionId, cwd: "/w", argv: ["agent"], env: {} }),
  });
  const running = await start("app-1");
  const ended = await start("app-2");
  runtime.exit(ended.handle, 0);
  return {
    terminal,
    running,
    ended,
    opened: () => Promise.resolve(terminal.opened.map((view) => view.sessionId)),
    cleanup: () => Promise.resolve(),
  };
});
