import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AoError, type RemoteSession, type RuntimeHandle } from "../../../core/plugin-api.js";
import { classifyEngineFailure, engineComplaint, type Engine } from "./engine.js";

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * runtime.remote for a container: commands through `<engine> exec -i` (stdin as bytes), files in
 * through the container's shell reading stdin and out through `<engine> cp` (bytes, any size). The
 * checkout is the host worktree mounted at its own path, so core's git calls stay on this machine.
 */
export function containerRemote(
  engineOf: (handle: RuntimeHandle) => Engine,
  container: (handle: RuntimeHandle) => string,
): RemoteSession {
  const workdir = (handle: RuntimeHandle): string => handle.data?.["workdir"] ?? "/";
  return {
    checkout: "host",
    workdir,
    async exec(handle, command) {
      const env = Object.entries(command.env ?? {}).flatMap(([key, value]) => ["--env", `${key}=${value}`]);
      const cwd = command.cwd ?? workdir(handle);
      const args = ["exec", "-i", "--workdir", cwd, ...env, container(handle), ...command.argv];
      const result = await engineOf(handle).run(args, {
        input: command.input,
        timeoutMs: command.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      });
      if (
        result.failed &&
        (result.timedOut || result.exitCode === undefined || classifyEngineFailure(result) !== "unknown")
      )
        throw unreachable(handle, container(handle), result);
      return { exitCode: result.exitCode ?? null, stdout: result.stdout, stderr: result.stderr };
    },
    async readFile(handle, path) {
      const dir = mkdtempSync(join(tmpdir(), "ao-docker-read-"));
      try {
        const copied = await engineOf(handle).run(["cp", `${container(handle)}:${path}`, join(dir, "file")]);
        if (copied.failed) throw notFound(handle, path, engineComplaint(copied));
        return readFileSync(join(dir, "file"));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async writeFile(handle, path, data, options) {
      const mode = (options?.mode ?? 0o600).toString(8);
      const script = 'umask 077 && cat > "$1" && chmod "$2" "$1"';
      const args = ["exec", "-i", container(handle), "/bin/sh", "-c", script, "ao-write", path, mode];
      const written = await engineOf(handle).run(args, { input: data });
      if (written.failed) throw notFound(handle, path, engineComplaint(written));
    },
  };
}

function unreachable(
  handle: RuntimeHandle,
  name: string,
  result: Parameters<typeof classifyEngineFailure>[0] & { stderr: string; exitCode: number | undefined },
): AoError {
  const gone = classifyEngineFailure(result) !== "unknown";
  return new AoError(
    gone ? "E_NOT_FOUND" : "E_EXEC_FAILED",
    `cannot run a command in session ${handle.id} (container ${name}): ${engineComplaint(result)}`,
  );
}

function notFound(handle: RuntimeHandle, path: string, complaint: string): AoError {
  return new AoError("E_NOT_FOUND", `${path} in session ${handle.id}: ${complaint}`);
}
