import { createHash } from "node:crypto";
import type { DockerRuntimeOptions } from "./options.js";
import { CONTAINER_TMUX_SOCKET } from "./container-tmux.js";

/** One bind mount: a host path at a path in the container. */
export interface BindMount {
  source: string;
  target: string;
  readOnly: boolean;
}

export interface ContainerSpec {
  name: string;
  /** AO_HOME's tag (homeTag) and the session id, as labels: cleanup finds a home's containers by them. */
  home: string;
  sessionId: string;
  /** The agent's working directory: the worktree, mounted at its own path. */
  workdir: string;
  mounts: readonly BindMount[];
  /** uid:gid the container runs as. */
  user: string;
}

/** A short tag of AO_HOME: two homes on one engine never see each other's containers. */
export function homeTag(home: string): string {
  return createHash("sha256").update(home).digest("hex").slice(0, 10);
}

/** The container of one session of one AO_HOME; a valid container name for both engines. */
export function containerName(home: string, sessionId: string): string {
  return `ao-${homeTag(home)}-${sessionId}`;
}

/**
 * `<engine> run` for a session's container. tmux is its first process (`-D`: the server in the
 * foreground, staying up without sessions until the container is removed); the agent's session is
 * made afterwards through exec. Nothing secret is on this line: the environment goes in later
 * through stdin into a 0600 file (start-container.ts). Limits are always explicit (`--ulimit`),
 * since some OCI runtimes cannot apply the engine's defaults.
 */
export function runArgs(options: DockerRuntimeOptions, spec: ContainerSpec, image: string): string[] {
  const { ulimits } = options;
  return [
    ...["run", "-d", "--name", spec.name],
    ...["--label", `ao.home=${spec.home}`, "--label", `ao.session=${spec.sessionId}`],
    ...(options.ociRuntime === undefined ? [] : ["--runtime", options.ociRuntime]),
    ...["--network", options.network],
    ...["--ulimit", `nproc=${String(ulimits.nproc)}:${String(ulimits.nproc)}`],
    ...["--ulimit", `nofile=${String(ulimits.nofile)}:${String(ulimits.nofile)}`],
    ...(options.memory === undefined ? [] : ["--memory", options.memory]),
    ...(options.cpus === undefined ? [] : ["--cpus", String(options.cpus)]),
    ...["--tmpfs", "/tmp:rw,exec,mode=1777", "--user", spec.user, "--workdir", spec.workdir],
    ...["--env", "LANG=C.UTF-8"],
    ...spec.mounts.flatMap((mount) => ["--mount", mountArg(mount)]),
    ...["--entrypoint", "tmux", image],
    ...["-D", "-u", "-S", CONTAINER_TMUX_SOCKET, "-f", "/dev/null"],
  ];
}

/** `--mount` rather than `-v`: a path with `:` or `,` cannot be split wrongly (commas are refused). */
function mountArg(mount: BindMount): string {
  return `type=bind,source=${mount.source},target=${mount.target}${mount.readOnly ? ",readonly" : ""}`;
}
