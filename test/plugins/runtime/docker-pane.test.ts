import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import type { Exec } from "../../../src/core/plugin-api.js";
import type { RuntimeHandle } from "../../../src/core/slots/index.js";
import { createDockerRuntime } from "../../../src/plugins/runtime/docker.js";
import { dockerRuntimeOptions } from "../../../src/plugins/runtime/docker/options.js";
import { CONTAINER_TMUX_SOCKET } from "../../../src/plugins/runtime/docker/container-tmux.js";
import { homeTag } from "../../../src/plugins/runtime/docker/run-args.js";
import { runInTerminal } from "../../helpers/in-terminal.js";
import { eventually } from "../../contracts/eventually.js";
import { attachFirstScreen, paneOutput } from "../../helpers/pane-events.js";
import { removeTestContainers, runPodmanTests, testImage, TEST_OCI_RUNTIME } from "../../helpers/podman.js";
import { makeTmuxHome } from "../../helpers/tmux.js";

// One tmux call is one `podman exec` (about a second each on this shared machine).
vi.setConfig({ testTimeout: 180_000 });

/** A docker runtime on real podman whose every engine call is counted (program and first args). */
function setup() {
  const { ctx, home } = makeTmuxHome();
  const calls: string[][] = [];
  const exec: Exec = (program, args, options) => {
    calls.push([program, ...args]);
    return ctx.exec(program, args, options);
  };
  const options = dockerRuntimeOptions.parse({
    engine: "podman",
    image: testImage(),
    ociRuntime: TEST_OCI_RUNTIME,
    width: 80,
    height: 24,
  });
  const runtime = createDockerRuntime({ ...ctx, exec, baseDir: home }, options);
  const start = (sessionId: string, script: string) =>
    runtime.create({ sessionId, cwd: home, argv: ["/bin/sh", "-c", script], env: {} });
  return { home, runtime, calls, start, cleanup: () => removeTestContainers(homeTag(ctx.paths.home)) };
}

/** The host's `podman exec … tmux … -C attach-session` processes for one container. */
function controlClients(container: string): string[] {
  const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
  return ps.split("\n").filter((line) => line.includes(container) && line.includes(" -C attach-session"));
}

describe.runIf(runPodmanTests)("runtime/docker on podman: dashboard pane and batched liveness", () => {
  it("attaches the dashboard's pane inside the container (first screen, keys, output, clean detach), names the container, and attaches a terminal", async () => {
    const { runtime, start, cleanup } = setup();
    try {
      const handle = await start("ao-p1", 'echo "agent ready"; exec cat');
      const container = handle.data?.["container"] ?? "";
      await eventually(
        async () => (await runtime.capture!(handle, { lines: 5 })).includes("agent ready"),
        "the agent's first line",
      );
      const { attachment, events, size, text } = await attachFirstScreen(runtime, handle);
      expect(size).toEqual({ cols: 80, rows: 24 });
      expect(text).toContain("agent ready");
      expect(controlClients(container)).toHaveLength(1);

      await attachment.write(Buffer.from("héllo from the web\r", "utf8"));
      // cat echoes the line back: the tty's echo and cat's copy, both as %output.
      await eventually(() => paneOutput(events).split("héllo from the web").length > 2, "the echo");
      expect(await runtime.capture!(handle, { lines: 5 })).toContain("héllo from the web");

      await attachment.close();
      await eventually(() => controlClients(container).length === 0, "the control client to leave");
      expect(await runtime.liveness(handle)).toEqual({ state: "alive" });

      // `ao status` names the container; `ao session attach` runs the engine's exec -it in a terminal.
      expect(runtime.placement?.(handle)).toEqual({ kind: "container", name: container });
      const person = runInTerminal(runtime.attachCommand!(handle));
      const clients = () =>
        runtime.remote!.exec(handle, { argv: ["tmux", "-S", CONTAINER_TMUX_SOCKET, "list-clients"] });
      await eventually(async () => (await clients()).stdout.trim() !== "", "the person's client");
      await runtime.remote!.exec(handle, {
        argv: ["tmux", "-S", CONTAINER_TMUX_SOCKET, "detach-client", "-s", "=ao-p1"],
      });
      expect(await person).toBe(0);
    } finally {
      cleanup();
    }
  });

  it("refuses a pane whose container is gone with E_NOT_FOUND", async () => {
    const { runtime, start, cleanup } = setup();
    try {
      const handle = await start("ao-p2", "exec sleep 100000");
      await runtime.stop(handle);
      await expect(runtime.attachPane!(handle)).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    } finally {
      cleanup();
    }
  });

  it("answers many sessions with one `ps` plus one exec per running container", async () => {
    const { runtime, start, calls, cleanup } = setup();
    try {
      const alive = await start("ao-m1", "exec sleep 100000");
      const paneDied = await start("ao-m2", "exit 7");
      const stopped = await start("ao-m3", "exec sleep 100000");
      const removed = await start("ao-m4", "exec sleep 100000");
      const name = (handle: RuntimeHandle) => handle.data?.["container"] ?? "";
      // The container's first process is tmux: killing it stops the container with 9's code.
      expect(spawnSync("podman", ["kill", "-s", "KILL", name(stopped)]).status).toBe(0);
      expect(spawnSync("podman", ["rm", "-f", "-t", "0", name(removed)]).status).toBe(0);
      await eventually(
        async () => (await runtime.liveness(paneDied)).state === "exited",
        "the agent of ao-m2 to exit",
      );
      calls.length = 0;
      const answers = await runtime.livenessMany!([alive, paneDied, stopped, removed]);
      expect(answers).toEqual([
        { state: "alive" },
        { state: "exited", exitCode: 7 },
        { state: "exited", exitCode: 137 },
        { state: "missing" },
      ]);
      const engineCalls = calls.filter((call) => call[0] === "podman").map((call) => call[1]);
      expect(engineCalls.sort()).toEqual(["exec", "exec", "ps"]);
    } finally {
      cleanup();
    }
  });
});
