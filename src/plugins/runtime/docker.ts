import {
  AoError,
  definePlugin,
  type Liveness,
  type PluginContext,
  type Runtime,
  type RuntimeHandle,
} from "../../core/plugin-api.js";
import { assertTmuxSessionName, sessionTarget } from "../_shared/tmux-target.js";
import { realSleep, type Waits } from "./_shared/poll-until.js";
import { CONTAINER_TMUX_SOCKET, containerTmuxClient } from "./docker/container-tmux.js";
import { checkDocker, cleanupContainers } from "./docker/doctor.js";
import { createEngine, type Engine, type EngineName } from "./docker/engine.js";
import type { DockerRuntimeOptions } from "./docker/options.js";
import { containerExit } from "./docker/container-state.js";
import { livenessOfContainers } from "./docker/container-liveness.js";
import { containerRemote } from "./docker/container-remote.js";
import { containerName, homeTag } from "./docker/run-args.js";
import { sessionMounts } from "./docker/session-mounts.js";
import { removeContainer, startContainer } from "./docker/start-container.js";
import { capturePane } from "./tmux/capture-pane.js";
import { attachTmuxPane } from "./tmux/pane-attachment.js";
import { deliverToPane, pressOnce, submitOnce } from "./tmux/deliver-to-pane.js";
import { paneLiveness, probePane } from "./tmux/pane-probe.js";

export type { DockerRuntimeOptions } from "./docker/options.js";

const POLL_MS = 150;

/**
 * One container per session, tmux its first process and the agent in its pane: delivery, screen
 * and liveness are the tmux runtime's algorithms through `<engine> exec -i` (docs/docker.md).
 */
export function createDockerRuntime(
  ctx: PluginContext,
  options: DockerRuntimeOptions,
  waits?: Waits,
): Runtime {
  const time: Waits = waits ?? { clock: ctx.clock, sleep: realSleep };
  const engineOf = (handle: RuntimeHandle): Engine => createEngine(ctx.exec, handleEngine(handle, options));
  const container = (handle: RuntimeHandle): string => handle.data?.["container"] ?? handle.id;
  const tmuxOf = (handle: RuntimeHandle) => containerTmuxClient(engineOf(handle), container(handle));
  const liveness = async (handle: RuntimeHandle): Promise<Liveness> => {
    const pane = paneLiveness(await probePane(tmuxOf(handle), handle.id, time));
    // No tmux server: the container is gone (missing) or stopped, and then its exit code is the answer.
    return pane.state === "missing" ? containerExit(engineOf(handle), container(handle)) : pane;
  };
  return {
    async create(input) {
      const sessionId = assertTmuxSessionName(input.sessionId);
      const image = requireImage(options);
      const engine = createEngine(ctx.exec, options.engine);
      const name = containerName(ctx.paths.home, sessionId);
      const mounts = await sessionMounts(ctx.exec, options, input);
      const spec = {
        name,
        home: homeTag(ctx.paths.home),
        sessionId,
        workdir: input.cwd,
        mounts,
        user: userOf(options),
      };
      await startContainer(engine, { ...options, image }, spec, input, time);
      const data = { container: name, engine: options.engine, workdir: input.cwd };
      return { runtime: "docker", id: sessionId, data };
    },
    liveness,
    livenessMany: (handles) =>
      livenessOfContainers(handles, {
        engineOf,
        container,
        homeFilter: `label=ao.home=${homeTag(ctx.paths.home)}`,
        single: liveness,
      }),
    // deliverToPane calls beforePaste before it pastes (docs/turns.md, Recovery).
    announcesPaste: true,
    deliver(handle, text, deliverOptions) {
      const settings = {
        arrivalTimeoutMs: options.deliverTimeoutMs,
        submitConfirmMs: options.submitConfirmMs,
        submitRetries: options.submitRetries,
        pollMs: POLL_MS,
        confirm: deliverOptions?.confirm !== false,
        beforePaste: deliverOptions?.beforePaste,
      };
      return deliverToPane(tmuxOf(handle), handle.id, text, settings, time);
    },
    submit: (handle) => submitOnce(tmuxOf(handle), handle.id, time),
    press: (handle, key) => pressOnce(tmuxOf(handle), handle.id, key, time),
    capture: (handle, { lines }) => capturePane(tmuxOf(handle), handle.id, lines),
    attachPane: (handle) => attachTmuxPane(ctx, tmuxOf(handle), assertTmuxSessionName(handle.id)),
    stop: (handle) => removeContainer(engineOf(handle), container(handle)),
    remote: containerRemote(engineOf, container),
    placement: (handle) => ({ kind: "container", name: container(handle) }),
    // `ao session attach`: the person's terminal into the container's tmux (docs/docker.md).
    attachCommand: (handle) => [
      ...[handleEngine(handle, options), "exec", "-it", container(handle)],
      ...["tmux", "-u", "-S", CONTAINER_TMUX_SOCKET, "attach-session", "-t", sessionTarget(handle.id)],
    ],
  };
}

/** The engine a session was started with (its handle says), so a changed option never loses it. */
function handleEngine(handle: RuntimeHandle, options: DockerRuntimeOptions): EngineName {
  const stored = handle.data?.["engine"];
  return stored === "docker" || stored === "podman" ? stored : options.engine;
}

function requireImage(options: DockerRuntimeOptions): string {
  if (options.image !== undefined) return options.image;
  throw new AoError("E_PLUGIN_OPTIONS", "runtime docker needs an image: set `image` in its options", {
    hint: "runtime: { plugin: docker, image: <an image with sh, tmux, git and the agent CLI> } (docs/docker.md)",
    details: { keyPath: ["image"] },
  });
}

/** The uid:gid running ao by default, so what the agent writes in the worktree stays the person's. */
function userOf(options: DockerRuntimeOptions): string {
  if (options.user !== undefined) return options.user;
  return `${String(process.getuid?.() ?? 0)}:${String(process.getgid?.() ?? 0)}`;
}

export const plugin = definePlugin({
  slot: "runtime",
  name: "docker",
  description: "Runs each agent in its own container (Docker or podman), tmux inside, the worktree mounted",
  options: () => import("./docker/options.js").then((schemas) => schemas.dockerRuntimeOptions),
  defaults: {
    engine: "docker",
    network: "none",
    mounts: [],
    ulimits: { nproc: 4096, nofile: 4096 },
    width: 220,
    height: 50,
    historyLimit: 10_000,
    startTimeoutMs: 60_000,
    deliverTimeoutMs: 30_000,
    submitConfirmMs: 4_000,
    submitRetries: 3,
  },
  doctor: (options, ctx) => checkDocker(options, ctx),
  cleanup: (ctx) => cleanupContainers(ctx),
  create: (options, ctx) => createDockerRuntime(ctx, options),
});
