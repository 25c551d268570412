import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Readable, Writable } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { loadConfig, readRegisteredConfigs, type LoadedConfig } from "../core/config/index.js";
import type { AoContext } from "../core/context.js";
import { controlPlaneEnabled, controlPlaneOffError, createControlContext } from "../core/control/index.js";
import { authenticateCommander } from "../core/credentials/index.js";
import { AoError, isAoError, messageOf } from "../core/errors.js";
import { rememberSecretValues } from "../core/redact.js";
import { closeStore, openStore } from "../core/store/index.js";
import { controlSocketPath } from "./control-mount.js";
import { answerHandshake } from "./local-handshake.js";
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
  /** ao's version, as the daemon's MCP server names itself (answers given without a daemon). */
  readonly version: string;
}

/** The variables a commander's `ao mcp` is given by `ao mcp install` (or by hand). */
export const COMMANDER_TOKEN_ENV = "AO_COMMANDER_TOKEN";
export const COMMANDER_TOKEN_FILE_ENV = "AO_COMMANDER_TOKEN_FILE";

const SOCKET_WAIT_MS = 30_000;

/**
 * `ao mcp`: refuses while the control plane is off (how to turn it on in the hint), checks the
 * caller's credential before speaking MCP, then bridges stdio to the daemon. The daemon is started
 * in the background at the first message that needs it (a tool call), not at connecting: a
 * commander CLI spawns `ao mcp` at its own start and for health checks (`claude mcp list`), and
 * those must not bring back a daemon the person stopped. Until then ao answers the handshake itself.
 */
export async function runMcp(ctx: AoContext, options: RunMcpOptions): Promise<number> {
  if (options.workerSecretFile !== undefined) return runWorkerMcp(ctx, options, options.workerSecretFile);
  const loaded = await loadCommanderConfig(ctx, options.configPath);
  if (!controlPlaneEnabled(loaded)) throw controlPlaneOffError(loaded.path);
  const headers = credentialHeaders(ctx, options.workerSecretFile);
  headers();
  const socketPath = controlSocketPath(ctx.paths);
  return runStdioBridge({
    socketPath,
    headers,
    ensureDaemon: () =>
      ensureDaemon(ctx, { configPath: loaded.path, nodePath: options.nodePath, socketPath }),
    answerWithoutDaemon: (message) => answerWithoutDaemon(ctx, loaded, options.version, message),
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

/**
 * The configuration of a commander's `ao mcp`: --config, AO_CONFIG_PATH, or the nearest file —
 * else, started outside any project (a user-scope server runs in every directory), the first file
 * registered in AO_HOME/configs.json (loadConfig adds the other registered projects).
 */
async function loadCommanderConfig(ctx: AoContext, configPath: string | undefined): Promise<LoadedConfig> {
  try {
    return await loadConfig(ctx, { configPath });
  } catch (error) {
    if (!isAoError(error) || error.code !== "E_CONFIG_NOT_FOUND" || configPath !== undefined) throw error;
    const registered = (await readRegisteredConfigs(ctx.paths)).find((file) => existsSync(file));
    if (registered === undefined) throw error;
    return loadConfig(ctx, { configPath: registered });
  }
}

async function answerWithoutDaemon(
  ctx: AoContext,
  loaded: LoadedConfig,
  version: string,
  message: JSONRPCMessage,
): Promise<JSONRPCMessage[]> {
  const store = openStore(ctx);
  try {
    const commander = authenticateCommander(store, commanderToken(ctx));
    const cc = createControlContext(ctx, store, loaded);
    return await answerHandshake(cc, { kind: "commander", commander }, version, message);
  } finally {
    closeStore(store);
  }
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
  const { startDaemonInBackground } = await import("../core/daemon/index.js");
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
