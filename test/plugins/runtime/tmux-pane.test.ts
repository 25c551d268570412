import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Runtime, RuntimeHandle } from "../../../src/core/slots/index.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTmuxHome, type TmuxTestHome } from "../../helpers/tmux.js";
import { controlClients } from "../../helpers/tmux-clients.js";
import { paneOutput, recordPaneEvents } from "../../helpers/pane-events.js";

const FAKE_AGENT = join(import.meta.dirname, "../../fixtures/bin/aider");

async function setup(): Promise<
  TmuxTestHome & { runtime: Runtime; handle: RuntimeHandle; inputLog: string }
> {
  const home = makeTmuxHome();
  const runtime = createTmuxRuntime(
    { ...home.ctx, baseDir: home.home },
    tmuxRuntimeOptions.parse({ width: 100, height: 30 }),
  );
  const inputLog = join(home.home, "input.log");
  const handle = await runtime.create({
    sessionId: "ao-1",
    cwd: home.home,
    argv: ["env", `FAKE_AGENT_INPUT_LOG=${inputLog}`, process.execPath, FAKE_AGENT],
    env: {},
  });
  await eventually(
    () => home.tmux(["capture-pane", "-p", "-t", "=ao-1:0.0"]).includes(">"),
    "the fake agent's prompt",
  );
  return { ...home, runtime, handle, inputLog };
}

describe("runtime/tmux: the pane over control mode", () => {
  it("gives the first screen capture-pane sees, with its size and cursor", async () => {
    const { runtime, handle, tmux } = await setup();
    const attachment = await runtime.attachPane!(handle);
    const events = recordPaneEvents(attachment);
    attachment.requestScreen();
    const screen = await eventually(() => events.find((event) => event.kind === "screen"), "the screen");
    expect(screen.kind === "screen" && screen.screen.size).toEqual({ cols: 100, rows: 30 });
    const data = screen.kind === "screen" ? Buffer.from(screen.screen.data).toString("utf8") : "";
    const captured = tmux(["capture-pane", "-p", "-e", "-t", "=ao-1:0.0"]).split("\n").slice(0, 30);
    for (const line of captured.filter((line) => line.trim() !== "")) expect(data).toContain(line);
    const [x = "", y = ""] = tmux(["display", "-p", "-t", "=ao-1:0.0", "#{cursor_x} #{cursor_y}"])
      .trim()
      .split(" ");
    expect(data).toContain(`\x1b[${String(Number(y) + 1)};${String(Number(x) + 1)}H`);
    await attachment.close();
  });

  it("reports what the pane prints after attaching, and keys reach the agent byte for byte", async () => {
    const { runtime, handle, inputLog } = await setup();
    const attachment = await runtime.attachPane!(handle);
    const events = recordPaneEvents(attachment);
    const keys = Buffer.from("héllo \\ %end 1 2 1 \x01\x7f日本", "utf8");
    await attachment.write(keys);
    await eventually(() => existsSync(inputLog) && readFileSync(inputLog).length >= keys.length, "the keys");
    expect(readFileSync(inputLog)).toEqual(keys);
    // The fake echoes its input line: the echo arrives as %output, decoded from tmux's octal escapes.
    await eventually(() => paneOutput(events).includes("héllo \\ %end 1 2 1"), "the echo");
    await attachment.close();
  });

  it("never resizes the pane by attaching; resize changes it and null gives it back", async () => {
    const { runtime, handle, tmux } = await setup();
    const size = () => tmux(["display", "-p", "-t", "=ao-1:0.0", "#{pane_width}x#{pane_height}"]).trim();
    const optionOf = () => tmux(["show-options", "-w", "-q", "-v", "-t", "=ao-1:0", "window-size"]).trim();
    const attachment = await runtime.attachPane!(handle);
    const events = recordPaneEvents(attachment);
    attachment.requestScreen();
    await eventually(() => events.some((event) => event.kind === "screen"), "the screen");
    expect(size()).toBe("100x30");
    await attachment.resize({ cols: 60, rows: 20 });
    expect(size()).toBe("60x20");
    await eventually(
      () => events.some((event) => event.kind === "size" && event.size.cols === 60),
      "the size event",
    );
    await attachment.resize(null);
    expect(size()).toBe("100x30");
    expect(optionOf()).toBe("");
    await attachment.close();
  });

  it("closing detaches the control client and leaves the session running", async () => {
    const { runtime, handle, socket } = await setup();
    const attachment = await runtime.attachPane!(handle);
    expect(controlClients(socket)).toHaveLength(1);
    await attachment.close();
    expect(controlClients(socket)).toEqual([]);
    expect(await runtime.liveness(handle)).toEqual({ state: "alive" });
  });

  it("ends when the session is killed, and refuses a session that is not running", async () => {
    const { runtime, handle } = await setup();
    const attachment = await runtime.attachPane!(handle);
    const events = recordPaneEvents(attachment);
    await runtime.stop(handle);
    await eventually(() => events.some((event) => event.kind === "end"), "the end");
    await expect(attachment.write(Buffer.from("x"))).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(runtime.attachPane!(handle)).rejects.toMatchObject({ code: "E_NOT_FOUND" });
  });
});
