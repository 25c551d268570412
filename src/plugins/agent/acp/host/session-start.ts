import { PROTOCOL_VERSION, type ClientContext, type McpServer } from "@agentclientprotocol/sdk";
import type { AgentInfo } from "../record.js";

export interface StartedSession {
  acpSessionId: string;
  loaded: boolean;
  canLoad: boolean;
  agentInfo?: AgentInfo;
  /** Why a `--load` was not honoured (the agent cannot load, or the load failed), for the screen. */
  notLoaded?: string;
}

export interface SessionStartInput {
  cwd: string;
  mcpServers: McpServer[];
  /** ao's version, told to the agent as `clientInfo`. */
  clientVersion: string;
  /** `--load`: the conversation to continue when the agent offers `loadSession`. */
  load?: string | undefined;
}

/**
 * `initialize`, then `session/load` of the conversation asked for when the agent offers it (its
 * history arrives as `session/update`s before the answer), otherwise `session/new`. A load the agent
 * refuses starts a new conversation and says why: a session with no conversation is still usable.
 */
export async function startSession(agent: ClientContext, input: SessionStartInput): Promise<StartedSession> {
  const init = await agent.request("initialize", {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: "ao-acp-host", version: input.clientVersion },
  });
  const canLoad = init.agentCapabilities?.loadSession === true;
  const agentInfo = init.agentInfo
    ? { name: init.agentInfo.name, version: init.agentInfo.version }
    : undefined;
  const base = { canLoad, ...(agentInfo ? { agentInfo } : {}) };
  const { cwd, mcpServers, load } = input;
  let notLoaded: string | undefined;
  if (load !== undefined && canLoad) {
    try {
      await agent.request("session/load", { sessionId: load, cwd, mcpServers });
      return { ...base, acpSessionId: load, loaded: true };
    } catch (error) {
      notLoaded = `the agent could not load conversation ${load}: ${(error as Error).message}`;
    }
  } else if (load !== undefined) {
    notLoaded = `the agent does not offer loadSession; conversation ${load} is not continued`;
  }
  const created = await agent.request("session/new", { cwd, mcpServers });
  return { ...base, acpSessionId: created.sessionId, loaded: false, ...(notLoaded ? { notLoaded } : {}) };
}
