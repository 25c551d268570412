import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { attachSession } from "../../../src/core/sessions/attach-session.js";
import { handleJson } from "../../../src/core/session-plugins/runtime-handle.js";
import type { Terminal, TerminalOpenOptions } from "../../../src/core/slots/index.js";
import { closeStore, insertSession, openStore, writeTransaction } from "../../../src/core/store/index.js";
import { createKubernetesRuntime } from "../../../src/plugins/runtime/kubernetes.js";
import { eventually } from "../../contracts/eventually.js";
import { startKubeHarness, type KubeHarness } from "../../fixtures/kube-api/harness.js";
import { sessionCreated } from "../../helpers/events.js";
import { runInTerminal } from "../../helpers/in-terminal.js";
import { defaultsOnlyCatalog, makeTestContext } from "../../helpers/test-context.js";

// Real kubectl processes against the loopback fake API (see kubernetes.contract.test.ts).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let kube: KubeHarness | undefined;

afterEach(async () => {
  await kube?.close();
  kube = undefined;
});

/** A terminal that runs the runtime's attach command in a pseudo-terminal, as a person's would. */
function ptyTerminal(opened: TerminalOpenOptions[], env: Record<string, string | undefined>) {
  const terminal: Terminal = {
    async open(_handle, options) {
      opened.push(options);
      if (options.attachCommand === undefined) throw new Error("no attach command");
      await runInTerminal(options.attachCommand, { ...process.env, ...env });
      return {};
    },
  };
  return () =>
    Promise.resolve(
      definePlugin({
        slot: "terminal",
        name: "pty",
        description: "runs the attach command in a pty",
        options: z.strictObject({}),
        create: () => terminal,
      }),
    );
}

describe("ao session attach for a kubernetes session", () => {
  it("hands the terminal `kubectl exec -it <pod> … tmux attach` with the project's cluster flags, which attaches in the pod", async () => {
    const harness = await startKubeHarness();
    kube = harness;
    const runtime = createKubernetesRuntime({ ...harness.ctx, baseDir: harness.dir }, harness.options());
    const handle = await runtime.create({ sessionId: "app-1", cwd: harness.dir, argv: ["cat"], env: {} });
    const configPath = join(harness.dir, "agent-orchestrator.yaml");
    const runtimeYaml = `{ plugin: kubernetes, image: "registry.example/ao-agent:1", kubeconfig: ${harness.kubeconfig}, namespace: ao, workspace: { seed: none } }`;
    writeFileSync(
      configPath,
      `projects:\n  app:\n    path: ${harness.dir}\n    runtime: ${runtimeYaml}\n    terminal: pty\n`,
    );
    const opened: TerminalOpenOptions[] = [];
    const catalog = {
      ...defaultsOnlyCatalog(),
      runtime: { kubernetes: () => import("../../../src/plugins/runtime/kubernetes.js") },
      terminal: { pty: ptyTerminal(opened, harness.ctx.env) },
    };
    const ctx = makeTestContext({ catalog, cwd: harness.dir, env: harness.ctx.env });
    const store = openStore(ctx);
    try {
      writeTransaction(store, (tx) =>
        insertSession(
          tx,
          {
            ...{ id: "app-1", project: "app", branch: "ao/app-1", worktree: harness.dir },
            ...{ runtime: "kubernetes", runtimeHandle: handleJson(handle), agent: "fake", status: "working" },
          },
          sessionCreated({ runtime: "kubernetes" }),
        ),
      );
    } finally {
      closeStore(store);
    }

    const attached = attachSession(ctx, "app-1", { configPath });
    const tmuxIn = (args: string[]) =>
      runtime.remote!.exec(handle, { argv: ["tmux", "-S", "/var/run/ao/tmux.sock", ...args] });
    await eventually(
      async () => (await tmuxIn(["list-clients", "-t", "=ao"])).stdout.trim() !== "",
      "the person's client in the pod's tmux",
    );
    expect(opened[0]?.attachCommand).toEqual([
      ...["kubectl", "--kubeconfig", harness.kubeconfig, "--namespace", "ao", "exec", "-it", handle.id],
      ...["-c", "agent", "--", "tmux", "-u", "-S", "/var/run/ao/tmux.sock", "attach-session", "-t", "=ao"],
    ]);
    expect(harness.api.execs.find((exec) => exec.tty)?.command).toEqual([
      ...["tmux", "-u", "-S", "/var/run/ao/tmux.sock", "attach-session", "-t", "=ao"],
    ]);
    await tmuxIn(["detach-client", "-s", "=ao"]);
    await attached;
    expect(await runtime.liveness(handle)).toEqual({ state: "alive" });
  });
});
