import { vi } from "vitest";
import { runtimeContract } from "../../contracts/runtime.js";
import { recorderProgram } from "../../contracts/recorder-program.js";
import { startKubeHarness } from "../../fixtures/kube-api/harness.js";
import { createKubernetesRuntime } from "../../../src/plugins/runtime/kubernetes.js";

// The real kubectl against the loopback fake API, whose pods are local processes (a tmux server
// per pod on its own socket): the same contract as tmux and process.
// Every step is a real kubectl process (0.3–0.7 s each on this shared machine, a delivery takes
// about eight), not a race: the budget per test is that many process starts, not a wait for luck.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

runtimeContract("kubernetes", async () => {
  const kube = await startKubeHarness();
  const recorder = recorderProgram(kube.dir);
  return {
    runtime: createKubernetesRuntime({ ...kube.ctx, baseDir: kube.dir }, kube.options()),
    cwd: kube.dir,
    program: (sessionId) => recorder.program(sessionId),
    received: (sessionId) => recorder.received(sessionId),
    cleanup: () => kube.close(),
  };
});
