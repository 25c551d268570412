#!/bin/sh
# The kubernetes runtime's scenarios on a real cluster (kind, k3s): spawn, send byte for byte, status,
# the agent's exit code and reason, restore, kill. Uses the current kubectl context unless
# AO_KUBE_CONTEXT / AO_KUBE_NAMESPACE say otherwise; AO_KUBE_IMAGE must have sh, tmux, git, base64.
# Run: npm run build && AO_KUBE_IMAGE=registry.example/ao-agent:1 scripts/kube-smoke.sh
set -eu
: "${AO_KUBE_IMAGE:?set AO_KUBE_IMAGE to an image with sh, tmux, git and base64}"
root=$(cd "$(dirname "$0")/.." && pwd)
exec node --input-type=module - "$root" <<'NODE'
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const root = process.argv[2];
const load = (path) => import(pathToFileURL(join(root, "dist", path)).href);
const { createKubernetesRuntime } = await load("plugins/runtime/kubernetes.js");
const { kubernetesRuntimeOptions } = await load("plugins/runtime/kubernetes/options.js");
const { createExec } = await load("core/exec.js");
const quiet = { debug() {}, info() {}, warn() {}, error() {}, child() { return quiet; } };
const env = process.env;
const ctx = { env, cwd: process.cwd(), baseDir: process.cwd(), exec: createExec(quiet, env), clock: Date, logger: quiet };
const options = kubernetesRuntimeOptions.parse({
  image: env.AO_KUBE_IMAGE,
  ...(env.AO_KUBE_CONTEXT ? { context: env.AO_KUBE_CONTEXT } : {}),
  ...(env.AO_KUBE_NAMESPACE ? { namespace: env.AO_KUBE_NAMESPACE } : {}),
  workspace: { seed: "none" },
});
const runtime = createKubernetesRuntime(ctx, options);
const step = (what, ok) => { console.log(`${ok ? "ok  " : "FAIL"} ${what}`); if (!ok) process.exitCode = 1; };
const until = async (probe) => { for (let i = 0; i < 120; i += 1) { const v = await probe(); if (v) return v; await new Promise((r) => setTimeout(r, 500)); } };
const agent = ["/bin/sh", "-c", 'while IFS= read -r line; do printf "got:%s\\n" "$line"; [ "$line" = "exit 3" ] && exit 3; done'];
const input = { sessionId: `smoke-${process.pid}`, cwd: process.cwd(), argv: agent, env: { AO_SMOKE_SECRET: "only-in-the-secret" } };
let handle = await runtime.create(input);
step("spawn: the pod runs", (await runtime.liveness(handle)).state === "alive");
const text = `one $(id) 'quoted' "double" ; two`;
await runtime.deliver(handle, text);
step("send: the text arrives byte for byte", Boolean(await until(async () => (await runtime.capture(handle, { lines: 50 })).includes(`got:${text}`))));
step("status: one LIST answers alive", (await runtime.livenessMany([handle]))[0].state === "alive");
await runtime.deliver(handle, "exit 3", { confirm: false });
const ended = await until(async () => { const p = await runtime.liveness(handle); return p.state === "exited" ? p : undefined; });
step(`exit: code ${ended?.exitCode} reason ${ended?.reason}`, ended?.exitCode === 3);
handle = await runtime.create(input);
step("restore: the pod runs again", (await runtime.liveness(handle)).state === "alive");
await runtime.stop(handle);
step("kill: pod and Secret gone", (await runtime.liveness(handle)).state === "missing");
NODE
