import {
  checkProgram,
  type PluginCheck,
  type PluginCheckContext,
  type PluginCleanupContext,
} from "../../../core/plugin-api.js";
import type { DockerRuntimeOptions } from "./options.js";
import { homeTag } from "./run-args.js";

const INSTALL: Record<DockerRuntimeOptions["engine"], string> = {
  docker: "install Docker Engine (https://docs.docker.com/engine/install/)",
  podman: "sudo apt-get install -y podman runc",
};

/**
 * The engine on PATH, and an image to start sessions from: without `image` every spawn would
 * fail, so it is a finding on the option itself (`ao config validate` shows it at its key path).
 */
export async function checkDocker(
  options: DockerRuntimeOptions,
  ctx: PluginCheckContext,
): Promise<PluginCheck[]> {
  const engine = await checkProgram(ctx, {
    id: options.engine,
    title: options.engine,
    binary: options.engine,
    versionArgs: ["--version"],
    fix: INSTALL[options.engine],
  });
  const image: PluginCheck =
    options.image === undefined
      ? {
          id: "docker-image",
          title: "docker runtime image",
          status: "fail",
          detail: "no image: every session's container starts from `image`",
          fix: "set runtime.image to an image with sh, tmux, git and the agent CLI (docs/docker.md)",
          option: ["image"],
        }
      : { id: "docker-image", title: "docker runtime image", status: "ok", detail: options.image };
  return [engine, image];
}

/**
 * The cleanup capability: removes every container this AO_HOME started (label `ao.home`), on
 * whichever engine has them; an engine that is not installed has none.
 */
export async function cleanupContainers(
  ctx: Pick<PluginCleanupContext, "exec" | "paths">,
): Promise<string[]> {
  const problems: string[] = [];
  for (const engine of ["podman", "docker"] as const) {
    const filter = ["ps", "-aq", "--filter", `label=ao.home=${homeTag(ctx.paths.home)}`];
    const listed = await ctx.exec(engine, filter, { reject: false, timeoutMs: 30_000 });
    if (listed.notFound) continue;
    if (listed.failed) {
      problems.push(`${engine} ps failed: ${listed.stderr.trim().split("\n")[0] ?? ""}`);
      continue;
    }
    const ids = listed.stdout.split("\n").filter((id) => id.trim() !== "");
    if (ids.length === 0) continue;
    const removed = await ctx.exec(engine, ["rm", "-f", ...ids], { reject: false, timeoutMs: 60_000 });
    if (removed.failed) problems.push(`${engine} rm failed: ${removed.stderr.trim().split("\n")[0] ?? ""}`);
  }
  return problems;
}
