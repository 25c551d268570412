import { describe, vi } from "vitest";
import { runtimeContract } from "../../contracts/runtime.js";
import { recorderProgram } from "../../contracts/recorder-program.js";
import { makeTmuxHome } from "../../helpers/tmux.js";
import { removeTestContainers, runPodmanTests, testImage, TEST_OCI_RUNTIME } from "../../helpers/podman.js";
import { createDockerRuntime } from "../../../src/plugins/runtime/docker.js";
import { dockerRuntimeOptions } from "../../../src/plugins/runtime/docker/options.js";
import { homeTag } from "../../../src/plugins/runtime/docker/run-args.js";

// Every tmux call is one `podman exec` (about a second each on this shared machine), and one
// delivery is about eight of them: the per-test hang guard is sized for that, not for speed.
vi.setConfig({ testTimeout: 180_000 });

/** The runtime contract on real podman (skipped only when podman is absent and not required). */
describe.runIf(runPodmanTests)("runtime/docker on podman", () => {
  runtimeContract("docker", () => {
    const { ctx, home } = makeTmuxHome();
    const recorder = recorderProgram(home);
    const options = dockerRuntimeOptions.parse({
      engine: "podman",
      image: testImage(),
      ociRuntime: TEST_OCI_RUNTIME,
    });
    return Promise.resolve({
      runtime: createDockerRuntime({ ...ctx, baseDir: home }, options),
      cwd: home,
      program: (sessionId) => recorder.program(sessionId),
      received: (sessionId) => recorder.received(sessionId),
      cleanup: () => Promise.resolve(removeTestContainers(homeTag(ctx.paths.home))),
    });
  });
});
