import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RuntimeHandle, Terminal } from "../../../src/core/slots/index.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { createIterm2Terminal } from "../../../src/plugins/terminal/iterm2.js";
import { ITERM2_SCRIPT } from "../../../src/plugins/terminal/iterm2/iterm2-script.js";
import { createWebTerminal } from "../../../src/plugins/terminal/web.js";
import { terminalContract, type TerminalSubject } from "../../contracts/terminal.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";
import { makeTmuxHome } from "../../helpers/tmux.js";

const BIN = join(import.meta.dirname, "../../fixtures/bin");
const PAGE = "http://127.0.0.1:4321/#/s/ao-1?token=SECRET-TOKEN";

interface World {
  ctx: TestContext;
  running: { handle: RuntimeHandle; sessionId: string };
  ended: { handle: RuntimeHandle; sessionId: string };
  log(name: string): string[];
}

/** Two tmux sessions (one then killed) and a context whose PATH has the fake osascript and xdg-open. */
async function world(): Promise<World> {
  const home = makeTmuxHome();
  const logs = (name: string) => join(home.home, `${name}.log`);
  const env = {
    PATH: `${BIN}:${process.env["PATH"] ?? ""}`,
    FAKE_OSASCRIPT_LOG: logs("osascript"),
    FAKE_XDG_OPEN_LOG: logs("xdg-open"),
  };
  const ctx = makeTestContext({ home: home.home, env });
  const runtime = createTmuxRuntime({ ...home.ctx, baseDir: home.home }, tmuxRuntimeOptions.parse({}));
  const start = async (sessionId: string) => ({
    sessionId,
    handle: await runtime.create({ sessionId, cwd: home.home, argv: ["sleep", "600"], env: {} }),
  });
  const running = await start("ao-1");
  const ended = await start("ao-2");
  await runtime.stop(ended.handle);
  const log = (name: string) =>
    existsSync(logs(name)) ? readFileSync(logs(name), "utf8").trim().split("\n") : [];
  return { ctx, running, ended, log };
}

function subject(made: World, terminal: Terminal, opened: () => string[]): TerminalSubject {
  const withPage = (sessionId: string) => ({ sessionId, pageUrl: PAGE.replace("ao-1", sessionId) });
  return {
    terminal: { open: (handle, options) => terminal.open(handle, withPage(options.sessionId)) },
    running: made.running,
    ended: made.ended,
    opened: () => Promise.resolve(opened()),
    cleanup: () => Promise.resolve(),
  };
}

terminalContract("web", async () => {
  const made = await world();
  const opened = () => made.log("xdg-open").map((file) => /open-(.+)\.html$/.exec(file)?.[1] ?? file);
  return subject(made, createWebTerminal(made.ctx, { browser: true }, "linux"), opened);
});

terminalContract("iterm2", async () => {
  const made = await world();
  const opened = () =>
    made.log("osascript").map((line) => (JSON.parse(line) as { argv: string[] }).argv[2] ?? "");
  return subject(made, createIterm2Terminal(made.ctx, "darwin"), opened);
});

describe("terminal/web", () => {
  it("opens a 0600 page that forwards to the logged-in URL; the token never reaches argv", async () => {
    const made = await world();
    const view = await createWebTerminal(made.ctx, { browser: true }, "linux").open(made.running.handle, {
      sessionId: "ao-1",
      pageUrl: PAGE,
    });
    expect(view).toEqual({ url: PAGE });
    const [file = ""] = made.log("xdg-open");
    expect(file).not.toContain("SECRET");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(`url=http://127.0.0.1:4321/#/s/ao-1?token=SECRET-TOKEN"`);
  });

  it("only answers the URL with browser: false, and says so when the dashboard is not running", async () => {
    const made = await world();
    const quiet = createWebTerminal(made.ctx, { browser: false }, "linux");
    expect(await quiet.open(made.running.handle, { sessionId: "ao-1", pageUrl: PAGE })).toEqual({
      url: PAGE,
    });
    expect(made.log("xdg-open")).toEqual([]);
    await expect(quiet.open(made.running.handle, { sessionId: "ao-1" })).rejects.toMatchObject({
      code: "E_DAEMON_FAILED",
    });
  });
});

describe("terminal/iterm2", () => {
  it("gives osascript a fixed script on stdin and the socket and session as arguments", async () => {
    const made = await world();
    await createIterm2Terminal(made.ctx, "darwin").open(made.running.handle, { sessionId: "ao-1" });
    const [call] = made
      .log("osascript")
      .map((line) => JSON.parse(line) as { argv: string[]; script: string });
    expect(call?.script).toBe(ITERM2_SCRIPT);
    expect(call?.argv).toEqual(["-", made.running.handle.data?.["socket"], "ao-1"]);
    expect(ITERM2_SCRIPT).toContain("quoted form of socketPath");
    expect(ITERM2_SCRIPT).toContain('quoted form of ("=" & sessionName)');
  });

  it("refuses off macOS and reports osascript's failure", async () => {
    const made = await world();
    await expect(
      createIterm2Terminal(made.ctx, "linux").open(made.running.handle, { sessionId: "ao-1" }),
    ).rejects.toMatchObject({ code: "E_USAGE" });
    const failing = {
      ...made.ctx,
      env: { ...made.ctx.env, FAKE_OSASCRIPT_FAIL: `Can’t get application "iTerm2". (-1728)` },
    };
    const { createExec } = await import("../../../src/core/exec.js");
    const ctx = { ...failing, exec: createExec(made.ctx.logger, failing.env) };
    const error = await createIterm2Terminal(ctx, "darwin")
      .open(made.running.handle, { sessionId: "ao-1" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "E_EXEC_FAILED",
      message: expect.stringContaining("iTerm2") as unknown,
    });
    expect(made.log("osascript")).toHaveLength(1);
  });
});
