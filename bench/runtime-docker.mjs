// runtime docker on podman against the tmux runtime, in one run: spawn to "agent alive" (create,
// then liveness until `alive`) for the same argv and env (a secret included, so the env-file path
// is measured too), interleaved round by round so machine load affects both alike. Each session
// is stopped (untimed) before the next round. The image is the tests' own (test/helpers/podman.ts:
// this machine's sh, tmux, git and node, `podman import`ed once and cached by a content key).
// Run: node bench/runtime-docker.mjs [--runs 5]
import { spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "./lib/measure.mjs";
import { loadTestModules } from "./lib/test-modules.mjs";

const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5;
const m = await loadTestModules(
  {
    "src/core/context.ts": ["createNodeContext"],
    "src/plugins/builtin-catalog.ts": ["builtinCatalog"],
    "src/plugins/runtime/tmux.ts": ["createTmuxRuntime"],
    "src/plugins/runtime/_shared/plugin-options.ts": ["tmuxRuntimeOptions"],
    "src/plugins/runtime/docker.ts": ["createDockerRuntime"],
    "src/plugins/runtime/docker/options.ts": ["dockerRuntimeOptions"],
    "src/plugins/runtime/docker/run-args.ts": ["homeTag"],
    "test/helpers/podman.ts": ["testImage", "removeTestContainers", "TEST_OCI_RUNTIME"],
  },
  { withPackages: true },
);

const home = realpathSync(mkdtempSync(join(tmpdir(), "ao-bench-docker-")));
const env = { ...process.env, AO_HOME: home, TMUX: undefined, TMUX_PANE: undefined };
const quiet = { write: () => true };
const ctx = m.createNodeContext({ env, cwd: home, catalog: m.builtinCatalog, stdout: quiet, stderr: quiet });
const plugin = { ...ctx, baseDir: home };
const image = m.testImage();
const runtimes = {
  tmux: m.createTmuxRuntime(plugin, m.tmuxRuntimeOptions.parse({})),
  docker: m.createDockerRuntime(
    plugin,
    m.dockerRuntimeOptions.parse({ engine: "podman", image, ociRuntime: m.TEST_OCI_RUNTIME }),
  ),
};
const argv = ["/bin/sh", "-c", "exec sleep 100000"];
let n = 0;

async function spawnToAlive(runtime) {
  n += 1;
  const start = process.hrtime.bigint();
  const handle = await runtime.create({ sessionId: `b-${n}`, cwd: home, argv, env: { BENCH_SECRET: "x" } });
  while ((await runtime.liveness(handle)).state !== "alive") await new Promise((r) => setTimeout(r, 20));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await runtime.stop(handle);
  return ms;
}

try {
  // Round-robin by hand (lib/measure's interleave runs synchronous cases only).
  const samples = { "tmux (baseline)": [], "docker on podman": [] };
  for (let round = 0; round < runs + 1; round++) {
    const tmuxMs = await spawnToAlive(runtimes.tmux);
    const dockerMs = await spawnToAlive(runtimes.docker);
    if (round === 0) continue; // warm-up
    samples["tmux (baseline)"].push(tmuxMs);
    samples["docker on podman"].push(dockerMs);
  }
  report(`spawn to "agent alive", ${runs} runs each`, samples, "tmux (baseline)");
} finally {
  m.removeTestContainers(m.homeTag(home));
  spawnSync("tmux", ["-S", join(home, "tmux.sock"), "kill-server"], { stdio: "ignore" });
  rmSync(home, { recursive: true, force: true });
}
