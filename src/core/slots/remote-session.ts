import type { RuntimeHandle } from "./runtime.js";

/**
 * runtime, part two: reaching into a session whose files may not be on this machine (a container,
 * a pod). An optional capability, `Runtime.remote`. Core relies on exactly this, and nothing else,
 * when a session's checkout is not at a host path:
 *
 * - `exec`: one command in the session, argv only (never a shell string), stdin as bytes, so core
 *   can run git there and a runtime can seed a checkout; untrusted text reaches it only as `input`.
 * - `readFile` / `writeFile`: bytes in and out (a git bundle, a prompt file), never through argv.
 * - `checkout`: where the session's git checkout lives. `"host"`: at the session's worktree path on
 *   this machine (tmux, process, docker with the worktree mounted); core's git calls stay local.
 *   `"session"`: only inside the session (a pod's emptyDir); core's git calls go through `exec`
 *   (sessions/session-checkout.ts) and the branch's commits come home as a `git bundle`
 *   (sessions/move-commits.ts) before ao pushes from this machine, so the session never holds a
 *   forge token.
 *
 * The workspace side: the workspace slot still makes the host checkout (`RuntimeCreateInput.cwd`)
 * and resolves the base commit; a `"session"` runtime seeds its own checkout from it (a bundle of
 * the host checkout's HEAD through `writeFile` + `exec`, or a clone of that exact commit) at
 * `workdir(handle)`, and copies the host files named in `RuntimeCreateInput.files` to the same
 * paths. The host checkout then only receives the commits that come back.
 */
export interface RemoteSession {
  /** Where the session's checkout lives (see above). The same for every session of the runtime. */
  readonly checkout: "host" | "session";
  /** The checkout's absolute path inside the session: the agent's working directory there. */
  workdir(handle: RuntimeHandle): string;
  /**
   * Runs one command in the session (the agent's container or pod, not a new one) and waits for it.
   * A non-zero exit is a result, not an error. Rejects with E_NOT_FOUND when the session is gone,
   * E_EXEC_FAILED when the runtime cannot reach it or `timeoutMs` ran out.
   */
  exec(handle: RuntimeHandle, command: SessionCommand): Promise<SessionCommandResult>;
  /** The file's bytes. Rejects with E_NOT_FOUND when the session or the file does not exist. */
  readFile(handle: RuntimeHandle, path: string): Promise<Uint8Array>;
  /** Creates or replaces the file (its directory must exist), with `mode` (default 0600). */
  writeFile(handle: RuntimeHandle, path: string, data: Uint8Array, options?: WriteFileOptions): Promise<void>;
}

export interface SessionCommand {
  /** The program and its arguments, passed without a shell. */
  argv: readonly string[];
  /** Absolute path inside the session; default `workdir(handle)`. */
  cwd?: string | undefined;
  /**
   * Extra environment for this command only, for fixed non-secret values (`LC_ALL=C`): a runtime may
   * pass it on its own command line. Secrets reach a session only through `RuntimeCreateInput.env`.
   */
  env?: Readonly<Record<string, string>> | undefined;
  /** Written to the command's stdin, then stdin is closed. */
  input?: Uint8Array | string | undefined;
  /** Default 60 s. */
  timeoutMs?: number | undefined;
}

export interface SessionCommandResult {
  /** null when the command was killed by a signal. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export interface WriteFileOptions {
  mode?: number | undefined;
}
