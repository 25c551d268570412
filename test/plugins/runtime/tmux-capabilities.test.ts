import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { PluginCheckContext } from "../../../src/core/registry/plugin-capabilities.js";
import { createTmuxRuntime, plugin as tmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";
import { plugin as tmuxAttach } from "../../../src/plugins/terminal/tmux-attach.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { makeTmuxHome, runTmux } from "../../helpers/tmux.js";

const linux = "linux";

function checkContext(bin: Parameters<typeof makeBinDir>[0], platform = linux): PluginCheckContext {
  const ctx = makeTestContext({ env: { PATH: makeBinDir(bin) } });
  return { ...ctx, baseDir: ctx.cwd, exec: ctx.exec, platform };
}

describe("runtime/tmux and terminal/tmux-attach: their doctor capability", () => {
  it("reports the real tmux with its version", async () => {
    const [check] = await tmuxRuntime.doctor!(tmuxRuntime.defaults!, checkContext({ link: ["tmux"] }));
    expect(check).toMatchObject({ id: "tmux", title: "tmux", status: "ok" });
    expect(check?.detail).toMatch(/^tmux \d/);
  });

  it("fails a runtime without tmux, with the command that installs it on this platform", async () => {
    const [linuxCheck] = await tmuxRuntime.doctor!(tmuxRuntime.defaults!, checkContext({}));
    expect(linuxCheck).toMatchObject({
      status: "fail",
      detail: "tmux not found on PATH",
      fix: "sudo apt-get install -y tmux",
    });
    const [macCheck] = await tmuxRuntime.doctor!(tmuxRuntime.defaults!, checkContext({}, "darwin"));
    expect(macCheck?.fix).toBe("brew install tmux");
  });

  it("fails a tmux that is there but broken", async () => {
    const [check] = await tmuxRuntime.doctor!(
      tmuxRuntime.defaults!,
      checkContext({ fake: { tmux: "echo broken >&2; exit 3" } }),
    );
    expect(check?.status).toBe("fail");
    expect(check?.detail).toContain("exited with 3");
  });

  it("only warns for the terminal, which needs tmux just to attach, and says so", async () => {
    const [check] = await tmuxAttach.doctor!({}, checkContext({}));
    expect(check).toMatchObject({ id: "tmux", status: "warn" });
    expect(check?.detail).toContain("ao session attach");
  });

  it("offline (no exec) looks at PATH only", async () => {
    const ctx = { ...checkContext({ fake: { tmux: "exit 3" } }), exec: undefined };
    const [check] = await tmuxRuntime.doctor!(tmuxRuntime.defaults!, ctx);
    expect(check?.status).toBe("ok");
    expect(check?.detail).toMatch(/^tmux at \//);
  });
});

describe("runtime/tmux: its cleanup capability", () => {
  it("kills ao's tmux server of the AO_HOME it is given, with every pane, and nothing else", async () => {
    const mine = makeTmuxHome();
    const other = makeTmuxHome();
    for (const home of [mine, other]) {
      const runtime = createTmuxRuntime({ ...home.ctx, baseDir: home.home }, tmuxRuntimeOptions.parse({}));
      await runtime.create({ sessionId: "ao-1", cwd: home.home, argv: ["sleep", "60"], env: {} });
    }
    expect(await tmuxRuntime.cleanup!(mine.ctx)).toEqual([]);
    const gone = spawnSync("tmux", ["-S", mine.socket, "has-session", "-t", "=ao-1"], {
      encoding: "utf8",
      env: { ...process.env, TMUX: undefined, TMUX_PANE: undefined },
    });
    expect(gone.status).not.toBe(0);
    expect(gone.stderr).toMatch(/no server running|error connecting/);
    expect(runTmux(other.socket, ["list-sessions", "-F", "#{session_name}"]).trim()).toBe("ao-1");
  });

  it("has nothing to do when no server runs (already gone, never started)", async () => {
    const home = makeTmuxHome();
    expect(await tmuxRuntime.cleanup!(home.ctx)).toEqual([]);
  });
});

describe("runtime/tmux: its runningAgents capability", () => {
  it("lists the sessions of its AO_HOME whose agent runs, by session id, and none of another's", async () => {
    const mine = makeTmuxHome();
    const other = makeTmuxHome();
    expect(await tmuxRuntime.runningAgents!(mine.ctx)).toEqual([]);
    const runtime = createTmuxRuntime({ ...mine.ctx, baseDir: mine.home }, tmuxRuntimeOptions.parse({}));
    await runtime.create({ sessionId: "ao-1", cwd: mine.home, argv: ["sleep", "60"], env: {} });
    await runtime.create({ sessionId: "ao-2", cwd: mine.home, argv: ["sleep", "60"], env: {} });
    const elsewhere = createTmuxRuntime({ ...other.ctx, baseDir: other.home }, tmuxRuntimeOptions.parse({}));
    await elsewhere.create({ sessionId: "ao-9", cwd: other.home, argv: ["sleep", "60"], env: {} });
    // ao-2's agent ended: its pane stays (remain-on-exit), dead.
    mine.tmux(["respawn-pane", "-k", "-t", "=ao-2:0.0", "true"]);
    const dead = () => mine.tmux(["list-panes", "-t", "=ao-2", "-F", "#{pane_dead}"]).trim() === "1";
    while (!dead()) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await tmuxRuntime.runningAgents!(mine.ctx)).toEqual([
      {
        sessionId: "ao-1",
        handle: { runtime: "tmux", id: "ao-1", data: { socket: mine.socket } },
        stop: `tmux -S ${mine.socket} kill-session -t =ao-1`,
      },
    ]);
  });
});
