import { describe, expect, it } from "vitest";
import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { autoAllowedOption, parseAutoAllow } from "../../../src/plugins/agent/acp/host/auto-allow.js";
import { hostLaunchSpec } from "../../../src/plugins/agent/acp/host-launch.js";
import { summarizeTurn } from "../../../src/plugins/agent/acp/turn-work.js";
import type { RecordEntry } from "../../../src/plugins/agent/acp/record-entries.js";
import type { RecordLine } from "../../../src/plugins/agent/acp/record.js";

const ONCE = { optionId: "allow-once", name: "Allow once", kind: "allow_once" as const };
const ALWAYS = { optionId: "allow-always", name: "Always allow", kind: "allow_always" as const };
const REJECT = { optionId: "reject-once", name: "Reject", kind: "reject_once" as const };

function request(kind: string | undefined, options = [ALWAYS, ONCE, REJECT]): RequestPermissionRequest {
  const toolCall = { toolCallId: "call-1", title: "Read a.ts", ...(kind === undefined ? {} : { kind }) };
  return { sessionId: "s", toolCall, options } as RequestPermissionRequest;
}

describe("agentConfig.autoAllow in the ACP host", () => {
  it("reads --auto-allow's kinds and refuses one ACP does not have", () => {
    expect(parseAutoAllow(undefined)).toEqual([]);
    expect(parseAutoAllow("read, search")).toEqual(["read", "search"]);
    expect(() => parseAutoAllow("read,reed")).toThrow(/unknown tool kind "reed"/);
  });

  it("answers a listed kind with allow_once before allow_always, and asks about anything else", () => {
    expect(autoAllowedOption(request("read"), ["read"])).toBe("allow-once");
    expect(autoAllowedOption(request("read", [REJECT, ALWAYS]), ["read"])).toBe("allow-always");
    expect(autoAllowedOption(request("read", [REJECT]), ["read"])).toBeUndefined();
    expect(autoAllowedOption(request("execute"), ["read"])).toBeUndefined();
    expect(autoAllowedOption(request(undefined), ["read", "other"])).toBeUndefined();
    expect(autoAllowedOption(request("read"), [])).toBeUndefined();
  });

  it("puts the kinds on the host's command line only when there are some", () => {
    const host = { node: "node", aoScript: "ao.js", aoHome: "/h", agentArgv: ["agent"], env: {} };
    const input = { sessionId: "app-1", worktree: "/w", promptFile: "/p", permissions: "default" as const };
    expect(hostLaunchSpec(host, input).argv).not.toContain("--auto-allow");
    const argv = hostLaunchSpec(host, { ...input, autoAllow: ["read", "search"] }).argv;
    expect(argv.slice(argv.indexOf("--auto-allow"), argv.indexOf("--") + 2)).toEqual([
      "--auto-allow",
      "read,search",
      "--",
      "agent",
    ]);
  });

  it("marks the turn's tool call with the option the host chose", () => {
    const lines: RecordLine[] = [
      {
        t: 1,
        dir: "in",
        msg: { jsonrpc: "2.0", id: 7, method: "session/request_permission", params: request("read") },
      },
      {
        t: 2,
        dir: "host",
        event: { kind: "auto_allowed", toolCallId: "call-1", toolKind: "read", optionId: "allow-once" },
      },
      {
        t: 3,
        dir: "out",
        msg: { jsonrpc: "2.0", id: 7, result: { outcome: { outcome: "selected", optionId: "allow-once" } } },
      },
    ];
    const entries: RecordEntry[] = lines.map((line, index) => ({ line, start: index * 100 }));
    expect(summarizeTurn(entries).work.tools).toEqual([
      { kind: "read", title: "Read a.ts", status: "pending", files: [], autoAllowed: "allow-once" },
    ]);
  });

  it("marks a tool call a person answered with the option and its kind, or cancelled", () => {
    const asked = (id: number, call: string): RecordLine => ({
      t: id,
      dir: "in",
      msg: {
        jsonrpc: "2.0",
        id,
        method: "session/request_permission",
        params: {
          ...request("execute"),
          toolCall: { toolCallId: call, title: `Run ${call}`, kind: "execute" },
        },
      },
    });
    const answer = (id: number, outcome: Record<string, unknown>): RecordLine => ({
      t: id + 10,
      dir: "out",
      msg: { jsonrpc: "2.0", id, result: { outcome } },
    });
    const lines: RecordLine[] = [
      asked(1, "a"),
      answer(1, { outcome: "selected", optionId: "allow-once" }),
      asked(2, "b"),
      answer(2, { outcome: "selected", optionId: "reject-once" }),
      asked(3, "c"),
      answer(3, { outcome: "cancelled" }),
      // An answer to a request that was no permission question marks nothing.
      answer(9, { outcome: "selected", optionId: "allow-once" }),
    ];
    const entries: RecordEntry[] = lines.map((line, index) => ({ line, start: index * 100 }));
    expect(summarizeTurn(entries).work.tools.map((tool) => [tool.title, tool.answered])).toEqual([
      ["Run a", { option: "allow-once", kind: "allow_once" }],
      ["Run b", { option: "reject-once", kind: "reject_once" }],
      ["Run c", { option: "", kind: "cancelled" }],
    ]);
  });
});
