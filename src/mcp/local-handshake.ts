import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ControlContext } from "../core/control/index.js";
import { createControlServer, type ControlIdentity } from "./control-server.js";

/**
 * The messages `ao mcp` answers itself while the daemon is not running: what a client sends to
 * connect and look (`claude mcp list`'s health check sends initialize, notifications/initialized
 * and tools/list, then quits; Claude Code 2.1.332 first probes `server/discover`, which ao's server
 * answers "Method not found" as the daemon's does, and goes on with initialize). None runs a tool,
 * so none is worth starting a daemon the person may have stopped; the first tools/call starts it
 * (docs/control-plane.md).
 */
const HANDSHAKE_METHODS = new Set(["server/discover", "initialize", "ping", "tools/list"]);

export function isHandshake(message: JSONRPCMessage): boolean {
  if (!("method" in message)) return true;
  return message.method.startsWith("notifications/") || HANDSHAKE_METHODS.has(message.method);
}

/**
 * Answers one handshake message with the very server the daemon would build for this caller (same
 * tools, schemas and instructions), connected in memory. Notifications get no answer.
 */
export async function answerHandshake(
  cc: ControlContext,
  identity: ControlIdentity,
  version: string,
  message: JSONRPCMessage,
): Promise<JSONRPCMessage[]> {
  if (!("method" in message) || !("id" in message)) return [];
  const server = createControlServer(cc, identity, version);
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answered = new Promise<JSONRPCMessage>((resolve) => {
    client.onmessage = (reply) => {
      if ("id" in reply && reply.id === message.id) resolve(reply);
    };
  });
  await server.connect(serverSide);
  await client.start();
  await client.send(message);
  const reply = await answered;
  await server.close();
  return [reply];
}
