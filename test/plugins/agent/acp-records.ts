import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { HostEvent, JsonRpcMessage, RecordLine } from "../../../src/plugins/agent/acp/record.js";

/**
 * Writes an ACP session's record the way the host does (src/plugins/agent/acp/record.ts): one JSON
 * object per line, one append per line, the JSON-RPC messages as the ACP SDK puts them on the wire.
 */
export class RecordWriter {
  private t = 1_000;
  private nextId = 0;

  constructor(readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
  }

  line(line: RecordLine): void {
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  /** Bytes that are not (yet) a whole line: a host caught mid-write. */
  torn(text: string): void {
    appendFileSync(this.file, text);
  }

  host(event: HostEvent): void {
    this.line({ t: this.tick(), dir: "host", event });
  }

  out(msg: Omit<JsonRpcMessage, "jsonrpc">): void {
    this.line({ t: this.tick(), dir: "out", msg: { jsonrpc: "2.0", ...msg } });
  }

  in(msg: Omit<JsonRpcMessage, "jsonrpc">): void {
    this.line({ t: this.tick(), dir: "in", msg: { jsonrpc: "2.0", ...msg } });
  }

  /** The host started and the agent answered `session/new`. */
  ready(acpSessionId = "acp-sess-1"): void {
    this.host({ kind: "started", pid: 4242, agentArgv: ["fake-acp-agent"] });
    this.out({ id: this.id(), method: "initialize", params: { protocolVersion: 1 } });
    this.in({
      id: this.nextId - 1,
      result: { protocolVersion: 1, agentCapabilities: { loadSession: true } },
    });
    this.out({ id: this.id(), method: "session/new", params: { cwd: "/wt", mcpServers: [] } });
    this.in({ id: this.nextId - 1, result: { sessionId: acpSessionId } });
    this.host({ kind: "ready", acpSessionId, loaded: false, canLoad: true });
  }

  /** `session/prompt` out; returns its id. */
  prompt(text: string): number {
    const id = this.id();
    this.host({ kind: "input", what: "prompt", bytes: Buffer.byteLength(text) });
    this.out({
      id,
      method: "session/prompt",
      params: { sessionId: "acp-sess-1", prompt: [{ type: "text", text }] },
    });
    return id;
  }

  update(update: Record<string, unknown>): void {
    this.in({ method: "session/update", params: { sessionId: "acp-sess-1", update } });
  }

  chunk(text: string): void {
    this.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }

  stop(id: number, stopReason: string): void {
    this.in({ id, result: { stopReason } });
  }

  /** The agent asks; returns the request's id (the agent's own numbering). */
  askPermission(id: number, toolCall: Record<string, unknown>, options = DEFAULT_OPTIONS): number {
    this.in({
      id,
      method: "session/request_permission",
      params: { sessionId: "acp-sess-1", toolCall, options },
    });
    return id;
  }

  answer(id: number, optionId: string | undefined): void {
    const outcome = optionId === undefined ? { outcome: "cancelled" } : { outcome: "selected", optionId };
    this.out({ id, result: { outcome } });
  }

  private id(): number {
    return this.nextId++;
  }

  private tick(): number {
    this.t += 10;
    return this.t;
  }
}

export const DEFAULT_OPTIONS = [
  { optionId: "allow", name: "Allow", kind: "allow_once" },
  { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
  { optionId: "reject", name: "Reject", kind: "reject_once" },
];
