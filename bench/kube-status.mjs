// Requests per status cycle for N kubernetes sessions, on the loopback fake API through the real
// kubectl: one `ao status` cycle (livenessMany) against N single probes (liveness each).
// Goal (issue 16): at most 1 + the number of running pods per cycle.
// Run: node bench/kube-status.mjs [--pods 6]   (needs kubectl, tmux, openssl; no build: esbuild bundles the sources)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const podsFlag = process.argv.indexOf("--pods");
const pods = podsFlag > 0 ? Number(process.argv[podsFlag + 1]) : 6;
const dir = mkdtempSync(join(tmpdir(), "ao-kb-"));

const entry = `
export { FakeKubeApi } from "./test/fixtures/kube-api/server.ts";
export { writeFakeKubeconfig } from "./test/fixtures/kube-api/kubeconfig.ts";
export { createKubernetesRuntime } from "./src/plugins/runtime/kubernetes.ts";
export { kubernetesRuntimeOptions } from "./src/plugins/runtime/kubernetes/options.ts";
export { createExec } from "./src/core/exec.ts";
`;
// Next to this file, so the bundle's bare imports (ws, kubernetes-models) resolve from node_modules.
const bundle = join(root, "bench", `.kube-status-${process.pid}.mjs`);
await build({
  stdin: { contents: entry, resolveDir: root, loader: "ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: bundle,
  logLevel: "warning",
});
const kube = await import(pathToFileURL(bundle).href);
rmSync(bundle, { force: true });

const silent = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silent;
  },
};
const api = await kube.FakeKubeApi.start(dir);
try {
  const kubeconfig = join(dir, "kubeconfig");
  kube.writeFakeKubeconfig(api, kubeconfig);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, KUBECACHEDIR: join(dir, "cache") };
  const ctx = {
    env,
    cwd: dir,
    baseDir: dir,
    exec: kube.createExec(silent, env),
    clock: { now: () => Date.now() },
    logger: silent,
  };
  const options = kube.kubernetesRuntimeOptions.parse({
    image: "bench/agent:1",
    kubeconfig,
    namespace: "ao",
    workspace: { seed: "none" },
  });
  const runtime = kube.createKubernetesRuntime(ctx, options);
  const handles = [];
  for (let index = 0; index < pods; index += 1) {
    process.stderr.write(`starting pod ${index + 1}/${pods}\n`);
    // Every other agent ends at once: exited pods must cost no more than running ones.
    const argv = index % 2 === 0 ? ["cat"] : ["/bin/sh", "-c", "sleep 0.5; exit 3"];
    handles.push(await runtime.create({ sessionId: `bench-${index}`, cwd: dir, argv, env: {} }));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await runtime.livenessMany(handles); // warm kubectl's discovery cache, as any earlier command would
  const count = async (run) => {
    const before = api.requests.length;
    const answers = await run();
    return { requests: api.requests.length - before, answers };
  };
  const cycle = await count(() => runtime.livenessMany(handles));
  const single = await count(() => Promise.all(handles.map((handle) => runtime.liveness(handle))));
  const running = cycle.answers.filter((answer) => answer.state === "alive").length;
  const bound = 1 + running;
  console.log(`${pods} pods (${running} running, ${pods - running} exited)`);
  console.log(
    `status cycle (livenessMany): ${cycle.requests} request(s); bound 1 + running = ${bound}: ${cycle.requests <= bound ? "met" : "NOT met"}`,
  );
  console.log(`one liveness call per pod: ${single.requests} request(s)`);
  for (const handle of handles) await runtime.stop(handle);
} finally {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
}
