import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Readable, Writable } from "node:stream";
import { loadConfig } from "../core/config/index.js";
import type { AoContext } from "../core/context.js";
import { controlPlaneEnabled, controlPlaneOffError } from "../core/control/control-context.js";
import { authenticateCommander } from "../core/control/credentials.js";
import { AoError, isAoError, messageOf } from "../core/errors.js";
import { rememberSecretValues } from "../core/redact.js";
import { closeStore, openStore } from "../core/store/index.js";
import { controlSocketPath } from "./control-mount.js";
import { WORKER_SECRET_HEADER } from "./mcp-route.js";
import { runStdioBridge } from "./stdio-bridge.js";

export interface RunMcpOptions {
  readonly configPath?: string | undefined;
  /** `--worker --secret-file <path>`: a worker's server (orch_report only), authorised by that file. */
  readonly workerSecretFile?: string | undefined;
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly nodePath: string;
}

/** The variables a commander's `ao mcp` is given by `ao mcp install` (or by hand). */
export const COMMANDER_TOKEN_ENV = "AO_COMMANDER_TOKEN";
export const COMMANDER_TOKEN_FILE_ENV = "AO_COMMANDER_TOKEN_FILE";

const SOCKET_WAIT_MS = 30_000;

/**
 * `ao mcp`: refuses while the control plane is off (how to turn it on in the hint), checks the
 * caller's credential before speaking MCP, then bridges stdio to the daemon, starting the daemon
 * in the background when it is not running (a commander CLI spawns `ao mcp` at its own start,
 * before anyone thought of `ao start`).
 */
export async function runMcp(ctx: AoContext, options: RunMcpOptions): Promise<number> {
  if (options.workerSecretFile !== undefined) return runWorkerMcp(ctx, options, options.workerSecretFile);
  const loaded = await loadConfig(ctx, { configPath: options.configPath });
  if (!controlPlaneEnabled(loaded)) throw controlPlaneOffError(loaded.path);
  const headers = credentialHeaders(ctx, options.workerSecretFile);
  headers();
  const socketPath = controlSocketPath(ctx.paths);
  return runStdioBridge({
    socketPath,
    headers,
    ensureDaemon: () =>
      ensureDaemon(ctx, { configPath: loaded.path, nodePath: options.nodePath, socketPath }),
    stdin: options.stdin,
    stdout: options.stdout,
    stderr: options.stderr,
  });
}

/**
 * A worker's `ao mcp --worker`: its CLI spawns it in the worktree (no agent-orchestrator.yaml
 * there, and Codex passes only the spec's env), so it needs no configuration — AO_HOME names the
 * daemon's socket, which exists because that daemon started the worker. It waits for the socket
 * (a restarting daemon comes back) but never starts a daemon itself.
 */
function runWorkerMcp(ctx: AoContext, options: RunMcpOptions, secretFile: string): Promise<number> {
  const headers = credentialHeaders(ctx, secretFile);
  headers();
  const socketPath = controlSocketPath(ctx.paths);
  return runStdioBridge({
    socketPath,
    headers,
    ensureDaemon: () => waitForSocket(ctx, socketPath),
    stdin: options.stdin,
    stdout: options.stdout,
    stderr: options.stderr,
  });
}

function credentialHeaders(ctx: AoContext, secretFile: string | undefined): () => Record<string, string> {
  if (secretFile !== undefined)
    return () => ({ [WORKER_SECRET_HEADER]: readCredential(secretFile, "worker secret") });
  const token = commanderToken(ctx);
  const store = openStore(ctx);
  try {
    authenticateCommander(store, token);
  } finally {
    closeStore(store);
  }
  return () => ({ authorization: `Bearer ${token}` });
}

function commanderToken(ctx: AoContext): string {
  const direct = ctx.env[COMMANDER_TOKEN_ENV];
  if (direct !== undefined && direct !== "") return direct;
  const file = ctx.env[COMMANDER_TOKEN_FILE_ENV];
  if (file !== undefined && file !== "") return readCredential(file, "commander token");
  throw new AoError(
    "E_UNAUTHORIZED",
    `ao mcp needs a commander token: set ${COMMANDER_TOKEN_FILE_ENV} (or ${COMMANDER_TOKEN_ENV})`,
    {
      hint: "`ao mcp install --for <cli>` registers ao with your commander CLI, token included; `ao mcp tokens create <name>` makes one by hand",
    },
  );
}

function readCredential(file: string, what: string): string {
  try {
    const credential = readFileSync(file, "utf8").trim();
    rememberSecretValues([credential]);
    return credential;
  } catch (error) {
    throw new AoError("E_UNAUTHORIZED", `cannot read the ${what} at ${file}: ${messageOf(error)}`, {
      hint: "the file is written by ao (0600); it is gone when its commander was revoked or its worker closed",
      details: { file },
    });
  }
}

async function ensureDaemon(
  ctx: AoContext,
  options: { configPath: string; nodePath: string; socketPath: string },
): Promise<void> {
  const { startDaemonInBackground } = await import("../core/daemon/start-daemon.js");
  await startDaemonInBackground(ctx, {
    configPath: options.configPath,
    nodePath: options.nodePath,
    // A commander CLI passes its MCP servers a short environment: the daemon takes the person's.
    environment: "recorded",
  }).catch((error: unknown) => {
    // Another `ao mcp` (or a person) is starting it: wait for its socket below.
    if (!isAoError(error) || error.code !== "E_DAEMON_RUNNING") throw error;
  });
  await waitForSocket(ctx, options.socketPath);
}

async function waitForSocket(ctx: AoContext, socketPath: string): Promise<void> {
  const deadline = ctx.clock.now() + SOCKET_WAIT_MS;
  while (!(await canConnect(socketPath))) {
    if (ctx.clock.now() > deadline)
      throw new AoError("E_DAEMON_FAILED", `no daemon serves ${socketPath}`, {
        hint: "`ao start` (a daemon started before the control plane was turned on needs `ao stop && ao start`)",
      });
    await sleep(100);
  }
}

/** Whether a daemon listens on the socket now (a stale file from a killed one refuses). */
function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
