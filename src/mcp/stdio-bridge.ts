import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { messageOf } from "../core/errors.js";
import { isHandshake } from "./local-handshake.js";
import { isNotListening, postOverSocket, RefusedCall } from "./socket-post.js";

export interface StdioBridgeOptions {
  readonly socketPath: string;
  /** The caller's credential for each call (a worker's secret is read from its file every time). */
  readonly headers: () => Record<string, string>;
  /** Starts the daemon when its socket is not there; rejects when it cannot. */
  readonly ensureDaemon: () => Promise<void>;
  /**
   * Answers a handshake message (local-handshake.ts) while no daemon listens, so connecting and
   * listing tools never start one; without it every message starts the daemon.
   */
  readonly answerWithoutDaemon?: ((message: JSONRPCMessage) => Promise<JSONRPCMessage[]>) | undefined;
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

/**
 * `ao mcp`: the commander (or worker) CLI speaks MCP on this process's stdin and stdout; each
 * message goes on to the daemon's `/mcp` over the 0600 unix socket, and every message of the
 * answer (progress, then the response) comes back as it arrives. The tools run in the daemon, so
 * a turn outlives this process, and a daemon restart costs only the calls in flight. A call the
 * daemon could not take is answered with a JSON-RPC error saying why, never left hanging.
 * Resolves with 0 when stdin ends.
 */
export async function runStdioBridge(options: StdioBridgeOptions): Promise<number> {
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const send = (message: unknown) => transport.send(message as JSONRPCMessage).catch(() => undefined);
  transport.onmessage = (message) => {
    void forward(options, message, send);
  };
  transport.onerror = (error) => options.stderr.write(`ao mcp: ${messageOf(error)}\n`);
  const ended = new Promise<void>((resolve) => {
    options.stdin.once("end", resolve);
    options.stdin.once("close", resolve);
  });
  await transport.start();
  await ended;
  await transport.close();
  return 0;
}

async function forward(
  options: StdioBridgeOptions,
  message: JSONRPCMessage,
  send: (m: unknown) => Promise<unknown>,
) {
  const body = JSON.stringify(message);
  const post = () =>
    postOverSocket(options.socketPath, body, options.headers(), (answer) => void send(answer));
  try {
    try {
      await post();
    } catch (error) {
      // Nothing reached a daemon: starting it and trying once more cannot run the call twice.
      if (!isNotListening(error)) throw error;
      if (options.answerWithoutDaemon !== undefined && isHandshake(message)) {
        for (const answer of await options.answerWithoutDaemon(message)) await send(answer);
        return;
      }
      await options.ensureDaemon();
      await post();
    }
  } catch (error) {
    const id = (message as { id?: unknown }).id;
    if (id === undefined || !("method" in message)) return;
    await send({ jsonrpc: "2.0", id, error: { code: -32603, message: failure(error) } });
  }
}

function failure(error: unknown): string {
  if (error instanceof RefusedCall) return `ao refused the call (HTTP ${error.status}): ${error.message}`;
  if (isNotListening(error))
    return `ao's daemon is not running and could not be started: ${messageOf(error)}`;
  return `ao's daemon did not answer the call (${messageOf(error)}); the turn goes on in the daemon: call wait_turn, or list_sessions`;
}
