import { AoError, type RemoteSession, type SessionCommandResult } from "../../../core/plugin-api.js";
import type { Kubectl } from "./kubectl.js";
import { podExec, type PodExecOutcome } from "./pod-exec.js";

/** Where exec goes: a pod's container (the agent's; the init container while it seeds). */
export interface PodContainer {
  kubectl: Kubectl;
  pod: string;
  container: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const NO_SUCH_FILE = 44;

// Fixed scripts; paths, modes and argv are positional parameters. Bytes cross kubectl's text
// stdin and stdout as base64 (coreutils or busybox in the image), never through argv.
const RUN_IN =
  'cd "$1" || exit 126; mode=$2; shift 2; if [ "$mode" = b64 ]; then base64 -d | env -- "$@"; else exec env -- "$@"; fi';
const READ = `[ -f "$1" ] || { echo "no such file: $1" >&2; exit ${String(NO_SUCH_FILE)}; }; base64 < "$1"`;
const WRITE = 'umask 077; base64 -d > "$1.ao-tmp" && chmod "$2" "$1.ao-tmp" && mv -f "$1.ao-tmp" "$1"';

/** One command in the container, as RemoteSession.exec describes it. */
export async function execIn(
  where: PodContainer,
  command: Parameters<RemoteSession["exec"]>[1],
  workdir: string,
): Promise<SessionCommandResult> {
  const env = Object.entries(command.env ?? {}).map(([key, value]) => `${key}=${value}`);
  const binary = command.input instanceof Uint8Array;
  const input = binary
    ? Buffer.from(command.input as Uint8Array).toString("base64")
    : (command.input as string | undefined);
  const argv = [
    "/bin/sh",
    "-c",
    RUN_IN,
    "ao-exec",
    command.cwd ?? workdir,
    binary ? "b64" : "raw",
    ...env,
    ...command.argv,
  ];
  const outcome = await podExec(where.kubectl, where, argv, {
    input: input ?? (binary ? "" : undefined),
    timeoutMs: command.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  return ran(where, outcome, command.argv[0] ?? "");
}

export async function readFileIn(where: PodContainer, path: string): Promise<Uint8Array> {
  const outcome = await podExec(where.kubectl, where, ["/bin/sh", "-c", READ, "ao-read", path]);
  const result = ran(where, outcome, "read");
  if (result.exitCode === NO_SUCH_FILE)
    throw new AoError("E_NOT_FOUND", `${path} does not exist in pod ${where.pod}`);
  if (result.exitCode !== 0) throw failedIn(where, `read ${path}`, result.stderr);
  return new Uint8Array(Buffer.from(result.stdout, "base64"));
}

export async function writeFileIn(
  where: PodContainer,
  path: string,
  data: Uint8Array,
  mode = 0o600,
): Promise<void> {
  const argv = ["/bin/sh", "-c", WRITE, "ao-write", path, mode.toString(8)];
  const outcome = await podExec(where.kubectl, where, argv, { input: Buffer.from(data).toString("base64") });
  const result = ran(where, outcome, "write");
  if (result.exitCode !== 0) throw failedIn(where, `write ${path}`, result.stderr);
}

function ran(where: PodContainer, outcome: PodExecOutcome, what: string): SessionCommandResult {
  if (outcome.kind === "ran")
    return { exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr };
  if (outcome.kind === "missing") {
    throw new AoError("E_NOT_FOUND", `pod ${where.pod} is not running`, {
      details: { complaint: outcome.complaint },
    });
  }
  throw new AoError(
    "E_EXEC_FAILED",
    `kubectl could not run ${what} in pod ${where.pod}: ${outcome.complaint}`,
  );
}

function failedIn(where: PodContainer, what: string, stderr: string): AoError {
  const tail = stderr.trim().split("\n").slice(-2).join(" ");
  return new AoError("E_EXEC_FAILED", `could not ${what} in pod ${where.pod}: ${tail}`);
}
