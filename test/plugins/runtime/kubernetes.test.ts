import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bringCommitsHome } from "../../../src/core/sessions/move-commits.js";
import type { Runtime, RuntimeHandle } from "../../../src/core/slots/index.js";
import { createKubernetesRuntime } from "../../../src/plugins/runtime/kubernetes.js";
import { eventually } from "../../contracts/eventually.js";
import { startKubeHarness, type KubeHarness } from "../../fixtures/kube-api/harness.js";
import { NODE_NAME } from "../../fixtures/kube-api/pods-and-secrets.js";
import { runInTerminal } from "../../helpers/in-terminal.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";

// Every step is a real kubectl process (see kubernetes.contract.test.ts).
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const SECRET = "sk-kube-test-0d9f3b7c1a";
let kube: KubeHarness | undefined;

afterEach(async () => {
  await kube?.close();
  kube = undefined;
});

/** A program that writes what it sees in the pod (its env, its checkout) to `out`, then waits. */
function witness(out: string): string[] {
  const script =
    'printf "%s\\n" "$AO_TEST_TOKEN" "$(git rev-parse HEAD)" "$(git branch --show-current)" > "$1"; exec cat';
  return ["/bin/sh", "-c", script, "ao-witness", out];
}

async function spawnIn(
  runtime: Runtime,
  cwd: string,
  out: string,
  sessionId = "app-1",
): Promise<RuntimeHandle> {
  const handle = await runtime.create({ sessionId, cwd, argv: witness(out), env: { AO_TEST_TOKEN: SECRET } });
  await eventually(() => existsSync(out) && readFileSync(out, "utf8").split("\n").length > 3, "the witness");
  return handle;
}

describe("runtime/kubernetes against the fake API and the real kubectl", () => {
  it("seeds the pod from the branch by bundle, keeps the env in the owned Secret only, brings commits home, and restores after an OOM kill", async () => {
    kube = await startKubeHarness();
    const repo = makeTestRepo();
    runGit(repo.dir, ["checkout", "-q", "-b", "ao/app-1"]);
    runGit(repo.dir, ["commit", "-q", "--allow-empty", "-m", "base of the session"]);
    const base = runGit(repo.dir, ["rev-parse", "HEAD"]);
    const runtime = createKubernetesRuntime(
      { ...kube.ctx, baseDir: kube.dir },
      kube.options({ workspace: { seed: "bundle" } }),
    );
    const out = join(kube.dir, "witness-1");
    const handle = await spawnIn(runtime, repo.dir, out);
    expect(readFileSync(out, "utf8").split("\n").slice(0, 3)).toEqual([SECRET, base, "ao/app-1"]);

    const pod = JSON.parse(
      kube.api.requestsTo("/api/v1/namespaces/ao/pods").find((r) => r.method === "POST")?.body ?? "{}",
    ) as { spec: unknown; metadata: { labels: unknown } };
    expect(pod.spec).toMatchObject({ restartPolicy: "Never", automountServiceAccountToken: false });
    expect(pod.metadata.labels).toMatchObject({ "agent-orchestrator.dev/session": "app-1" });
    const stored = kube.api.objects.store.get("pods", "ao", handle.id);
    const secret = kube.api.objects.store.get("secrets", "ao", `${handle.id}-env`);
    expect(secret.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: "Pod", uid: stored.metadata.uid }),
    ]);
    // The value reached the agent, and went nowhere but the Secret: no pod spec, exec URL, argv or log.
    const elsewhere = kube.api.requests.filter((r) => !(r.method === "POST" && r.path.endsWith("/secrets")));
    expect(JSON.stringify(elsewhere)).not.toContain(SECRET);
    expect(JSON.stringify(kube.api.execs)).not.toContain(SECRET);
    expect(JSON.stringify(kube.ctx.logger.records)).not.toContain(SECRET);

    const remote = runtime.remote!;
    const made = await remote.exec(handle, {
      argv: [
        "git",
        "-c",
        "user.name=a",
        "-c",
        "user.email=a@b",
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        "made in the pod",
      ],
    });
    expect(made.exitCode).toBe(0);
    expect(await bringCommitsHome(kube.ctx, { remote, handle, worktree: repo.dir, branch: "ao/app-1" })).toBe(
      true,
    );
    expect(runGit(repo.dir, ["log", "-1", "--format=%s"])).toBe("made in the pod");

    // Waits for the fake kubelet's event, then looks once: no kubectl process per poll on a loaded machine.
    const runner = kube.api.objects.runner("ao", handle.id);
    runner.terminate("agent", "OOMKilled");
    await runner.finished;
    expect(await runtime.liveness(handle)).toEqual({ state: "exited", exitCode: 137, reason: "OOMKilled" });

    const again = await spawnIn(runtime, repo.dir, join(kube.dir, "witness-2"));
    expect(again.id).toBe(handle.id);
    const head = runGit(repo.dir, ["rev-parse", "HEAD"]);
    expect(readFileSync(join(kube.dir, "witness-2"), "utf8").split("\n")[1]).toBe(head);
    expect(kube.api.objects.store.get("pods", "ao", handle.id).metadata.uid).not.toBe(stored.metadata.uid);

    await runtime.stop(again);
    expect(kube.api.objects.store.find("pods", "ao", handle.id)).toBeUndefined();
    expect(kube.api.objects.store.find("secrets", "ao", `${handle.id}-env`)).toBeUndefined();
  });

  it("reports an agent's own exit with its code and the kubelet's reason, and its last screen from the log", async () => {
    kube = await startKubeHarness();
    const runtime = createKubernetesRuntime({ ...kube.ctx, baseDir: kube.dir }, kube.options());
    const argv = ["/bin/sh", "-c", "echo last words; read line; exit 7"];
    const handle = await runtime.create({ sessionId: "app-2", cwd: kube.dir, argv, env: {} });
    const runner = kube.api.objects.runner("ao", handle.id);
    await runtime.deliver(handle, "go", { confirm: false });
    await runner.finished;
    expect(await runtime.liveness(handle)).toEqual({ state: "exited", exitCode: 7, reason: "Error" });
    expect(await runtime.capture!(handle, { lines: 20 })).toContain("last words");
  });

  it("answers unknown, never dead, when the API fails or times out, and a status cycle is one LIST", async () => {
    kube = await startKubeHarness();
    const runtime = createKubernetesRuntime(
      { ...kube.ctx, baseDir: kube.dir },
      kube.options({ requestTimeout: "2s" }),
    );
    const handles = [
      await runtime.create({ sessionId: "app-3", cwd: kube.dir, argv: ["cat"], env: {} }),
      await runtime.create({ sessionId: "app-4", cwd: kube.dir, argv: ["cat"], env: {} }),
    ];
    kube.api.requests.length = 0;
    expect(await runtime.livenessMany!(handles)).toEqual([{ state: "alive" }, { state: "alive" }]);
    expect(kube.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v1/namespaces/ao/pods"]);
    expect(kube.api.requests[0]?.query).toContain("labelSelector=");

    kube.api.fault = () => 500;
    expect(await runtime.liveness(handles[0]!)).toMatchObject({ state: "unknown" });
    expect((await runtime.livenessMany!(handles)).map((answer) => answer.state)).toEqual([
      "unknown",
      "unknown",
    ]);
    kube.api.fault = () => "hang";
    expect(await runtime.liveness(handles[1]!)).toMatchObject({ state: "unknown" });
    kube.api.fault = undefined;
    expect(await runtime.liveness(handles[1]!)).toEqual({ state: "alive" });
  });

  it("says which pod and node a session runs on, and attaches a person's terminal with kubectl exec -it", async () => {
    kube = await startKubeHarness();
    const runtime = createKubernetesRuntime({ ...kube.ctx, baseDir: kube.dir }, kube.options());
    const handle = await runtime.create({ sessionId: "app-5", cwd: kube.dir, argv: ["cat"], env: {} });
    expect(runtime.placement?.(handle)).toEqual({ kind: "pod", name: handle.id, node: NODE_NAME });
    const argv = runtime.attachCommand!(handle);
    expect(argv).toEqual([
      ...["kubectl", "--kubeconfig", kube.kubeconfig, "--namespace", "ao", "exec", "-it", handle.id],
      ...["-c", "agent", "--", "tmux", "-u", "-S", "/var/run/ao/tmux.sock", "attach-session", "-t", "=ao"],
    ]);
    const tmuxIn = (args: string[]) =>
      runtime.remote!.exec(handle, { argv: ["tmux", "-S", "/var/run/ao/tmux.sock", ...args] });
    const exited = runInTerminal(argv, { ...process.env, ...kube.ctx.env });
    await eventually(
      async () => (await tmuxIn(["list-clients", "-t", "=ao"])).stdout.trim() !== "",
      "the person's client in the pod's tmux",
    );
    await tmuxIn(["detach-client", "-s", "=ao"]);
    expect(await exited).toBe(0);
    expect(await runtime.liveness(handle)).toEqual({ state: "alive" });
  });
});
