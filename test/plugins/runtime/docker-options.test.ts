import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import { validatePluginOptions } from "../../../src/core/registry/validate-options.js";
import { createDockerRuntime, plugin } from "../../../src/plugins/runtime/docker.js";
import { checkDocker } from "../../../src/plugins/runtime/docker/doctor.js";
import { dockerRuntimeOptions } from "../../../src/plugins/runtime/docker/options.js";
import { runArgs } from "../../../src/plugins/runtime/docker/run-args.js";
import { createTmuxAttach } from "../../../src/plugins/terminal/tmux-attach.js";
import { makeTestContext } from "../../helpers/test-context.js";

function issuesOf(raw: unknown): { path: (string | number)[]; message: string }[] {
  const parsed = dockerRuntimeOptions.safeParse(raw);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path as (string | number)[],
        message: issue.message,
      }));
}

describe("runtime/docker options", () => {
  it("names the key path of each bad option", () => {
    expect(issuesOf({ mounts: [{ source: "relative/dir", target: "/x" }] })).toEqual([
      { path: ["mounts", 0, "source"], message: "must be an absolute path on this machine" },
    ]);
    expect(issuesOf({ memory: "lots" })[0]?.path).toEqual(["memory"]);
    expect(issuesOf({ engine: "lxc" })[0]?.path).toEqual(["engine"]);
    expect(issuesOf({ ulimits: { nofile: 0 } })[0]?.path).toEqual(["ulimits", "nofile"]);
    expect(issuesOf({ imag: "typo" })[0]?.message).toMatch(/imag/);
    const error: unknown = (() => {
      try {
        return validatePluginOptions(plugin, { cpus: -1 }, dockerRuntimeOptions);
      } catch (e) {
        return e;
      }
    })();
    expect(isAoError(error) && error.code).toBe("E_PLUGIN_OPTIONS");
  });

  it("keeps its declared defaults equal to what the schema makes of no options", () => {
    expect(plugin.defaults).toEqual(dockerRuntimeOptions.parse({}));
  });

  it("fails doctor on a missing image, at the `image` key", async () => {
    const ctx = makeTestContext();
    const checks = await checkDocker(dockerRuntimeOptions.parse({ engine: "podman" }), {
      ...ctx,
      baseDir: ctx.cwd,
      exec: undefined,
      platform: "linux",
    });
    expect(checks.find((check) => check.id === "docker-image")).toMatchObject({
      status: "fail",
      option: ["image"],
    });
  });

  it("refuses to create without an image, before starting anything", async () => {
    const ctx = makeTestContext();
    const runtime = createDockerRuntime({ ...ctx, baseDir: ctx.cwd }, dockerRuntimeOptions.parse({}));
    const error: unknown = await runtime
      .create({ sessionId: "ao-1", cwd: ctx.cwd, argv: ["true"], env: {} })
      .catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_PLUGIN_OPTIONS");
  });

  it("runs the container with explicit limits, no network by default, and nothing of the session's env", () => {
    const options = dockerRuntimeOptions.parse({
      engine: "podman",
      memory: "2g",
      cpus: 1.5,
      ociRuntime: "runc",
    });
    const spec = {
      name: "ao-x-ao-1",
      home: "x",
      sessionId: "ao-1",
      workdir: "/w",
      mounts: [{ source: "/w", target: "/w", readOnly: false }],
      user: "1000:1000",
    };
    const args = runArgs(options, spec, "img:1");
    const pairs = (flag: string) => args.flatMap((arg, i) => (arg === flag ? [args[i + 1]] : []));
    expect(pairs("--network")).toEqual(["none"]);
    expect(pairs("--ulimit")).toEqual(["nproc=4096:4096", "nofile=4096:4096"]);
    expect(pairs("--runtime")).toEqual(["runc"]);
    expect(pairs("--memory")).toEqual(["2g"]);
    expect(pairs("--cpus")).toEqual(["1.5"]);
    expect(pairs("--mount")).toEqual(["type=bind,source=/w,target=/w"]);
    expect(pairs("--env")).toEqual(["LANG=C.UTF-8"]);
    expect(args.slice(args.indexOf("img:1") - 2)).toEqual([
      "--entrypoint",
      "tmux",
      "img:1",
      "-D",
      "-u",
      "-S",
      "/tmp/ao-tmux.sock",
      "-f",
      "/dev/null",
    ]);
  });

  it("attaches a person's terminal with exec -it into the container's tmux, through the terminal plugin", async () => {
    const ctx = makeTestContext();
    const runtime = createDockerRuntime(
      { ...ctx, baseDir: ctx.cwd },
      dockerRuntimeOptions.parse({ engine: "podman" }),
    );
    const handle = { runtime: "docker", id: "ao-1", data: { container: "ao-x-ao-1", engine: "podman" } };
    expect(runtime.attachCommand?.(handle)).toEqual([
      ...["podman", "exec", "-it", "ao-x-ao-1", "tmux", "-u", "-S", "/tmp/ao-tmux.sock"],
      ...["attach-session", "-t", "=ao-1"],
    ]);
    // tmux-attach runs the runtime's command for a session it cannot reach itself, and reports its exit.
    const terminal = createTmuxAttach(ctx);
    await expect(
      terminal.open(handle, { sessionId: "ao-1", attachCommand: ["/bin/sh", "-c", "exit 0"] }),
    ).resolves.toEqual({});
    const failed: unknown = await terminal
      .open(handle, { sessionId: "ao-1", attachCommand: ["/bin/sh", "-c", "exit 3"] })
      .catch((e: unknown) => e);
    expect(isAoError(failed) && failed.message).toMatch(/exited with 3/);
    const refused: unknown = await terminal.open(handle, { sessionId: "ao-1" }).catch((e: unknown) => e);
    expect(isAoError(refused) && refused.code).toBe("E_USAGE");
  });
});
