import { afterEach, describe, expect, it, vi } from "vitest";
import { createKubernetesRuntime } from "../../../src/plugins/runtime/kubernetes.js";
import { eventually } from "../../contracts/eventually.js";
import { attachFirstScreen, paneOutput } from "../../helpers/pane-events.js";
import { startKubeHarness, type KubeHarness } from "../../fixtures/kube-api/harness.js";

// Every step is a real kubectl process (see kubernetes.contract.test.ts).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const SECRET = "sk-kube-pane-5e1c9a";
let kube: KubeHarness | undefined;

afterEach(async () => {
  await kube?.close();
  kube = undefined;
});

describe("runtime/kubernetes: the dashboard's pane, through the real kubectl and the fake API", () => {
  it("attaches a tmux control client in the pod over `kubectl exec -i` (screen, keys, output), outlives the request timeout, and detaches cleanly", async () => {
    kube = await startKubeHarness();
    const runtime = createKubernetesRuntime(
      { ...kube.ctx, baseDir: kube.dir },
      kube.options({ requestTimeout: "2s", width: 80, height: 24 }),
    );
    const argv = ["/bin/sh", "-c", 'echo "agent ready"; exec cat'];
    const handle = await runtime.create({
      sessionId: "app-7",
      cwd: kube.dir,
      argv,
      env: { AO_TOKEN: SECRET },
    });
    await eventually(
      async () => (await runtime.capture!(handle, { lines: 5 })).includes("agent ready"),
      "the agent's first line",
    );
    const { attachment, events, size, text } = await attachFirstScreen(runtime, handle);
    expect(size).toEqual({ cols: 80, rows: 24 });
    expect(text).toContain("agent ready");

    // One long-lived exec: stdin open, no tty, tmux's control mode on the pod's socket.
    const client = kube.api.execs.find((exec) => exec.command.includes("-C"));
    expect(client).toMatchObject({
      stdin: true,
      tty: false,
      command: [
        ...["tmux", "-u", "-S", "/var/run/ao/tmux.sock", "-f", "/dev/null"],
        ...["-C", "attach-session", "-f", "ignore-size", "-t", "=ao"],
      ],
    });
    // Longer than --request-timeout: kubectl's timeout bounds requests, not the exec stream.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(client?.exitCode).toBeUndefined();

    await attachment.write(Buffer.from("héllo from the web\r", "utf8"));
    // cat echoes the line back: the tty's echo and cat's copy, both as %output.
    await eventually(() => paneOutput(events).split("héllo from the web").length > 2, "the echo");
    expect(await runtime.capture!(handle, { lines: 5 })).toContain("héllo from the web");

    await attachment.close();
    await eventually(() => client?.exitCode !== undefined, "the control client to leave the pod");
    expect(events.at(-1)?.kind).toBe("end");
    expect(await runtime.liveness(handle)).toEqual({ state: "alive" });
    expect(JSON.stringify(kube.api.execs)).not.toContain(SECRET);
    expect(JSON.stringify(kube.api.requests.filter((r) => !r.path.endsWith("/secrets")))).not.toContain(
      SECRET,
    );
  });

  it("refuses a pane whose pod is gone with E_NOT_FOUND, naming the session", async () => {
    kube = await startKubeHarness();
    const runtime = createKubernetesRuntime({ ...kube.ctx, baseDir: kube.dir }, kube.options());
    const handle = await runtime.create({ sessionId: "app-8", cwd: kube.dir, argv: ["cat"], env: {} });
    await runtime.stop(handle);
    const error: unknown = await runtime.attachPane!(handle).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_NOT_FOUND" });
    expect(error instanceof Error && error.message).toContain(`${handle.id} is not running`);
  });
});
