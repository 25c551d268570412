import { randomUUID } from "node:crypto";
import { AoError, type ExecResult, type RuntimeCreateInput } from "../../../core/plugin-api.js";
import { pollUntil, type Waits } from "../_shared/poll-until.js";
import { renderEnvFile } from "../tmux/env-file.js";
import { paneCommand } from "../tmux/pane-command.js";
import { startTmuxSession } from "../tmux/start-session.js";
import { containerTmuxClient } from "./container-tmux.js";
import { engineComplaint, type Engine } from "./engine.js";
import type { DockerRuntimeOptions } from "./options.js";
import { runArgs, type ContainerSpec } from "./run-args.js";

/**
 * Creates the session's container and its agent pane, in steps: run the container (tmux its first
 * process), wait for its tmux server, write the environment into a 0600 file on the container's
 * /tmp through stdin (the pane's shell sources and deletes it before exec'ing the agent), start the
 * agent's tmux session. A step that fails removes the container: a failed create leaves nothing.
 */
export async function startContainer(
  engine: Engine,
  options: DockerRuntimeOptions & { image: string },
  spec: ContainerSpec,
  input: Pick<RuntimeCreateInput, "argv" | "env">,
  waits: Waits,
): Promise<void> {
  const ran = await engine.run(runArgs(options, spec, options.image), { timeoutMs: options.startTimeoutMs });
  if (ran.failed) {
    const error = runFailed(engine, spec, ran);
    // A name in use is another session's container, never this create's to remove.
    if (error.code !== "E_EXISTS") await removeContainer(engine, spec.name);
    throw error;
  }
  try {
    const tmux = containerTmuxClient(engine, spec.name);
    await waitForServer(engine, spec.name, options.startTimeoutMs, waits);
    const envFile = await writeEnvFile(engine, spec.name, input.env);
    const command = paneCommand(input.argv, envFile);
    await startTmuxSession(tmux, { session: spec.sessionId, cwd: spec.workdir, command, ...options });
  } catch (error) {
    await removeContainer(engine, spec.name);
    throw error;
  }
}

/** Idempotent: a container that is already gone is what removing it wanted. */
export async function removeContainer(engine: Engine, name: string): Promise<void> {
  const force = engine.name === "podman" ? ["rm", "-f", "-t", "0", name] : ["rm", "-f", name];
  const removed = await engine.run(force);
  if (!removed.failed || /no such container|no container with name/i.test(removed.stderr)) return;
  throw new AoError(
    "E_EXEC_FAILED",
    `${engine.name} could not remove container ${name}: ${engineComplaint(removed)}`,
  );
}

async function waitForServer(engine: Engine, name: string, timeoutMs: number, waits: Waits): Promise<void> {
  const tmux = containerTmuxClient(engine, name);
  let last = "";
  const up = await pollUntil(
    async () => {
      const probe = await tmux.run([["display-message", "-p", "#{pid}"]]);
      last = probe.stderr.trim();
      return probe.failed ? undefined : true;
    },
    { timeoutMs, intervalMs: 100 },
    waits,
  );
  if (up) return;
  throw new AoError("E_EXEC_FAILED", `tmux did not start in container ${name}: ${last || "no answer"}`, {
    hint: "the image needs tmux (3.2 or newer) on PATH and the C.UTF-8 locale; see docs/docker.md",
  });
}

/** The env file, written by the container's shell from stdin: the values never reach an argv. */
async function writeEnvFile(
  engine: Engine,
  name: string,
  env: Readonly<Record<string, string>>,
): Promise<string | undefined> {
  if (Object.keys(env).length === 0) return undefined;
  const file = `/tmp/ao-env-${randomUUID()}`;
  const script = 'umask 077 && cat > "$1"';
  const written = await engine.run(["exec", "-i", name, "/bin/sh", "-c", script, "ao-env", file], {
    input: renderEnvFile(env),
  });
  if (written.failed) {
    throw new AoError(
      "E_EXEC_FAILED",
      `could not hand the environment to container ${name}: ${engineComplaint(written)}`,
    );
  }
  return file;
}

function runFailed(engine: Engine, spec: ContainerSpec, result: ExecResult): AoError {
  if (result.notFound) {
    return new AoError("E_EXEC_NOT_FOUND", `${engine.name} was not found on PATH`, {
      hint: `install ${engine.name}, or set the runtime's engine option (docs/docker.md)`,
    });
  }
  const complaint = engineComplaint(result);
  if (/already in use/i.test(complaint)) {
    return new AoError("E_EXISTS", `container ${spec.name} already exists`, {
      hint: "stop the existing session first (ao session kill), or remove the container",
    });
  }
  const rlimit = /rlimit/i.test(complaint);
  return new AoError(
    "E_EXEC_FAILED",
    `${engine.name} could not start the container of ${spec.sessionId}: ${complaint}`,
    {
      ...(rlimit
        ? {
            hint: "lower the runtime's ulimits below this machine's hard limits (ulimit -Hn, ulimit -Hu), or use ociRuntime: runc",
          }
        : {}),
      details: { container: spec.name },
    },
  );
}
