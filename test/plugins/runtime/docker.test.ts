import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import { commitsAhead } from "../../../src/core/lifecycle/branch-commits.js";
import { bringCommitsHome, sendCommitsIn } from "../../../src/core/sessions/move-commits.js";
import { hostCheckout, sessionCheckout } from "../../../src/core/sessions/session-checkout.js";
import type { RemoteSession, RuntimeHandle } from "../../../src/core/slots/index.js";
import { createDockerRuntime } from "../../../src/plugins/runtime/docker.js";
import { dockerRuntimeOptions } from "../../../src/plugins/runtime/docker/options.js";
import { containerName, homeTag } from "../../../src/plugins/runtime/docker/run-args.js";
import { remoteSessionContract } from "../../contracts/remote-session.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { removeTestContainers, runPodmanTests, testImage, TEST_OCI_RUNTIME } from "../../helpers/podman.js";
import { makeTmuxHome } from "../../helpers/tmux.js";

// One tmux call is one `podman exec` (about a second each on this shared machine): the per-test
// hang guard is sized for that, not for speed.
vi.setConfig({ testTimeout: 180_000 });

function setup() {
  const { ctx, home } = makeTmuxHome();
  const options = dockerRuntimeOptions.parse({
    engine: "podman",
    image: testImage(),
    ociRuntime: TEST_OCI_RUNTIME,
  });
  const runtime = createDockerRuntime({ ...ctx, baseDir: home }, options);
  const tag = homeTag(ctx.paths.home);
  const containers = () =>
    spawnSync("podman", ["ps", "-aq", "--filter", `label=ao.home=${tag}`], {
      encoding: "utf8",
    }).stdout.trim();
  return { ctx, home, runtime, containers, cleanup: () => removeTestContainers(tag) };
}

/** A linked worktree of a fresh repository (its `.git` is a file pointing into the main repo). */
function linkedWorktree(name: string, branch: string): string {
  const repo = makeTestRepo();
  const worktree = join(repo.dir, "..", `wt-${name}`);
  runGit(repo.dir, ["worktree", "add", "-q", "-b", branch, worktree]);
  return worktree;
}

const stayUp = ["/bin/sh", "-c", "exec sleep 100000"];

async function ended(runtime: ReturnType<typeof setup>["runtime"], handle: RuntimeHandle) {
  return eventually(async () => {
    const now = await runtime.liveness(handle);
    return now.state === "alive" ? undefined : now;
  }, "the agent to end");
}

describe.runIf(runPodmanTests)("runtime/docker on podman", () => {
  it("hands the agent its env through a file, never argv: no secret in podman inspect, ps or the container's /tmp", async () => {
    const { home, runtime, cleanup, ctx } = setup();
    try {
      const secret = "s3cr'et $(x) `y` value-7f3a";
      const report = join(home, "env.txt");
      const argv = [
        "/bin/sh",
        "-c",
        'printf %s "$AO_TEST_SECRET" > "$1"; exec sleep 100000',
        "agent",
        report,
      ];
      const handle = await runtime.create({
        sessionId: "ao-1",
        cwd: home,
        argv,
        env: { AO_TEST_SECRET: secret },
      });
      expect(handle.data?.["container"]).toBe(containerName(ctx.paths.home, "ao-1"));
      await eventually(
        () => existsSync(report) && readFileSync(report, "utf8") === secret,
        "the agent's env",
      );
      const inspect = spawnSync("podman", ["inspect", handle.data?.["container"] ?? ""], {
        encoding: "utf8",
      });
      expect(inspect.status).toBe(0);
      expect(inspect.stdout).not.toContain("value-7f3a");
      const hostPs = spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout;
      expect(hostPs).not.toContain("value-7f3a");
      const inside = await runtime.remote?.exec(handle, { argv: ["ls", "-a", "/tmp"] });
      expect(inside?.stdout).not.toMatch(/ao-env/);
      expect(await runtime.liveness(handle)).toEqual({ state: "alive" });
    } finally {
      cleanup();
    }
  });

  it("reports the agent's own exit code while the container still runs, and kill removes the container", async () => {
    const { home, runtime, cleanup, containers } = setup();
    try {
      const handle = await runtime.create({
        sessionId: "ao-2",
        cwd: home,
        argv: ["/bin/sh", "-c", "echo bye; exit 7"],
        env: {},
      });
      expect(await ended(runtime, handle)).toEqual({ state: "exited", exitCode: 7 });
      expect(await runtime.capture?.(handle, { lines: 10 })).toContain("bye");
      expect(containers()).not.toBe("");
      await runtime.stop(handle);
      expect(containers()).toBe("");
      expect(await runtime.liveness(handle)).toEqual({ state: "missing" });
    } finally {
      cleanup();
    }
  });

  it("leaves no container when a step after the container's start fails, and can create the session again (restore)", async () => {
    const { home, runtime, cleanup, containers } = setup();
    try {
      const error: unknown = await runtime
        .create({ sessionId: "ao-3", cwd: home, argv: stayUp, env: { "NOT-A-NAME": "x" } })
        .catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_USAGE");
      expect(containers()).toBe("");
      const first = await runtime.create({ sessionId: "ao-3", cwd: home, argv: stayUp, env: {} });
      spawnSync("podman", ["rm", "-f", "-t", "0", first.data?.["container"] ?? ""], { stdio: "ignore" });
      expect(await runtime.liveness(first)).toEqual({ state: "missing" });
      const again = await runtime.create({ sessionId: "ao-3", cwd: home, argv: stayUp, env: {} });
      expect(await runtime.liveness(again)).toEqual({ state: "alive" });
    } finally {
      cleanup();
    }
  });

  it("mounts a linked worktree with its git common dir: a commit made inside is the branch's commit on the host", async () => {
    const { runtime, cleanup, ctx } = setup();
    const worktree = linkedWorktree("ao-4", "ao/4-fix");
    try {
      const commit =
        'git -c user.name=agent -c user.email=a@ao.invalid commit -q --allow-empty -m "made in the container"';
      const argv = ["/bin/sh", "-c", `${commit} && exec sleep 100000`];
      const handle = await runtime.create({ sessionId: "ao-4", cwd: worktree, argv, env: {} });
      const checkout = sessionCheckout(ctx, runtime, { id: "ao-4", worktree, runtimeHandle: { ...handle } });
      expect(checkout.where).toBe("host");
      expect(
        await eventually(async () => (await commitsAhead(checkout, "main")).length > 0, "the commit"),
      ).toBe(true);
      expect(await commitsAhead(hostCheckout(ctx, worktree), "main")).toEqual(["made in the container"]);
    } finally {
      cleanup();
    }
  });

  it("moves a branch's commits in and out of a checkout that lives only in the session (git bundle through exec)", async () => {
    const { runtime, cleanup, ctx } = setup();
    const worktree = linkedWorktree("ao-5", "ao/5-fix");
    try {
      const handle = await runtime.create({ sessionId: "ao-5", cwd: worktree, argv: stayUp, env: {} });
      // The same container, seen as a runtime whose checkout is inside the session.
      const remote: RemoteSession = {
        ...(runtime.remote as RemoteSession),
        checkout: "session",
        workdir: () => "/tmp/checkout",
      };
      const route = { remote, handle, worktree, branch: "ao/5-fix", base: "main" };
      await sendCommitsIn(ctx, route);
      const inside = sessionCheckout(ctx, { remote }, { id: "ao-5", worktree, runtimeHandle: { ...handle } });
      expect(inside.where).toBe("session");
      expect(await inside.present()).toBe(true);
      const commit = [
        "-c",
        "user.name=agent",
        "-c",
        "user.email=a@ao.invalid",
        "commit",
        "-q",
        "--allow-empty",
      ];
      expect((await inside.git([...commit, "-m", "work in the pod"])).failed).toBe(false);
      expect(await commitsAhead(inside, "main")).toEqual(["work in the pod"]);
      expect(await commitsAhead(hostCheckout(ctx, worktree), "main")).toEqual([]);
      expect(await bringCommitsHome(ctx, route)).toBe(true);
      expect(await commitsAhead(hostCheckout(ctx, worktree), "main")).toEqual(["work in the pod"]);
      expect(await bringCommitsHome(ctx, route)).toBe(false);
      const bundles = await remote.exec(handle, { argv: ["ls", "/tmp"] });
      expect(bundles.stdout).not.toMatch(/bundle/);
    } finally {
      cleanup();
    }
  });

  remoteSessionContract("docker", () => {
    const { home, runtime, cleanup } = setup();
    let counter = 0;
    return Promise.resolve({
      runtime: runtime as typeof runtime & { remote: RemoteSession },
      start: () =>
        runtime.create({ sessionId: `rs-${String((counter += 1))}`, cwd: home, argv: stayUp, env: {} }),
      cleanup: () => Promise.resolve(cleanup()),
    });
  });
});
