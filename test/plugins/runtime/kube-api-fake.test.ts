import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventually } from "../../contracts/eventually.js";
import { startKubeHarness, type KubeHarness } from "../../fixtures/kube-api/harness.js";

vi.setConfig({ testTimeout: 120_000 });

let kube: KubeHarness | undefined;
afterEach(async () => {
  await kube?.close();
  kube = undefined;
});

const pod = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, labels: { team: name === "a" ? "x" : "y" } },
  spec: {
    restartPolicy: "Never",
    containers: [{ name: "main", image: "i", command: ["sleep", "30"] }],
    ...extra,
  },
});

describe("the fake Kubernetes API, through the real kubectl", () => {
  it("answers with the API's Status errors: 401, 404, 409, 422, and cascades deletes to owned Secrets", async () => {
    kube = await startKubeHarness();
    const k = kube;
    const kubectl = (args: string[], input?: string) =>
      k.ctx.exec("kubectl", ["--kubeconfig", k.kubeconfig, ...args], { input, reject: false });
    const created = await kubectl(["create", "-f", "-", "-o", "json"], JSON.stringify(pod("a")));
    expect(created.failed).toBe(false);
    const uid = (JSON.parse(created.stdout) as { metadata: { uid: string } }).metadata.uid;
    await kubectl(["create", "-f", "-"], JSON.stringify(pod("b")));
    const secret = {
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "s", ownerReferences: [{ apiVersion: "v1", kind: "Pod", name: "a", uid }] },
      stringData: { K: "v" },
    };
    expect((await kubectl(["create", "-f", "-"], JSON.stringify(secret))).failed).toBe(false);

    expect((await kubectl(["create", "-f", "-"], JSON.stringify(pod("a")))).stderr).toContain(
      'Error from server (AlreadyExists): error when creating "STDIN": pods "a" already exists',
    );
    expect((await kubectl(["get", "pod", "nope"])).stderr).toContain(
      'Error from server (NotFound): pods "nope" not found',
    );
    const invalid = await kubectl(
      ["create", "-f", "-"],
      JSON.stringify(pod("c", { restartPolicy: "Sometimes" })),
    );
    expect(invalid.stderr).toMatch(/^The Pod "c" is invalid: spec\.restartPolicy: /m);
    expect((await kubectl(["get", "pods", "-l", "team=y", "-o", "name"])).stdout.trim()).toBe("pod/b");

    // exec needs a running container, as on a cluster: wait for the pod's phase first.
    await eventually(
      async () => (await kubectl(["get", "pod", "a", "-o", "jsonpath={.status.phase}"])).stdout === "Running",
      "pod a to run",
    );
    const exec = await kubectl(
      ["exec", "-i", "a", "--", "/bin/sh", "-c", "cat; echo err >&2; exit 5"],
      "through stdin",
    );
    expect(exec).toMatchObject({ exitCode: 5, stdout: "through stdin" });
    expect(exec.stderr).toContain("command terminated with exit code 5");
    expect(kube.api.requests.some((r) => r.path.endsWith("/exec"))).toBe(true);

    await kubectl(["delete", "pod", "a", "--wait=false"]);
    expect(kube.api.objects.store.find("secrets", "ao", "s")).toBeUndefined();

    const wrong = join(kube.dir, "wrong-token");
    writeFileSync(
      wrong,
      (await import("node:fs"))
        .readFileSync(kube.kubeconfig, "utf8")
        .replace(kube.api.token, "not-the-token"),
    );
    const refused = await k.ctx.exec("kubectl", ["--kubeconfig", wrong, "get", "pods"], { reject: false });
    expect(refused.stderr).toMatch(/Unauthorized/);
  });
});
