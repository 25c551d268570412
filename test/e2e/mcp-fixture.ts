import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { expect } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

/** A commander: the official SDK client over stdio, spawning the built `ao mcp` with its token file. */
export interface Commander {
  readonly name: string;
  readonly client: Client;
  /** Calls a tool; `structured` is its structuredContent, `text` its first text (errors). */
  call(
    tool: string,
    args?: Record<string, unknown>,
    options?: { timeout?: number; onprogress?: (progress: { message?: string }) => void },
  ): Promise<{ isError: boolean; structured: Record<string, unknown>; text: string }>;
  close(): Promise<void>;
}

export interface McpWorld extends E2e {
  turnsFile: string;
  inputLog: string;
  commander(name: string): Promise<Commander>;
  /** How many times the fake agents were sent `text` (their stdin, as received). */
  injected(text: string): number;
  nextTurn(settings: Record<string, unknown>): void;
  daemonPid(): number | undefined;
  stopDaemon(): void;
}

/** The e2e world with the control plane on (a short send bound) and the fake claude as agent. */
export function makeMcpWorld(controlPlane = "controlPlane:\n  enabled: true\n  sendBoundS: 4\n"): McpWorld {
  const e2e = makeE2e();
  const turnsFile = join(e2e.userHome, "turns.json");
  const inputLog = join(e2e.userHome, "input.log");
  e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
  e2e.env["FAKE_AGENT_INPUT_LOG"] = inputLog;
  writeFileSync(
    join(e2e.configDir, "agent-orchestrator.yaml"),
    `port: 0\n${controlPlane}projects:\n  app:\n    path: ${e2e.repo.dir}\n`,
  );
  const commanders: Commander[] = [];
  const world: McpWorld = Object.assign(e2e, {
    turnsFile,
    inputLog,
    commander: async (name: string) => {
      const created = e2e.ao(["mcp", "tokens", "create", name, "--json"]);
      expect(created.exitCode, created.stderr).toBe(0);
      const { tokenFile } = JSON.parse(created.stdout) as { tokenFile: string };
      const commander = await connect(e2e, name, tokenFile);
      commanders.push(commander);
      return commander;
    },
    injected: (text: string) =>
      existsSync(inputLog) ? readFileSync(inputLog, "utf8").split(text).length - 1 : 0,
    nextTurn: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
    daemonPid: () => {
      const file = join(e2e.home, "daemon.json");
      return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { pid: number }).pid : undefined;
    },
    stopDaemon: () => {
      for (const commander of commanders.splice(0)) void commander.close();
      const pid = world.daemonPid();
      if (pid !== undefined) killQuietly(pid, "SIGKILL");
    },
  });
  return world;
}

async function connect(e2e: E2e, name: string, tokenFile: string): Promise<Commander> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [AO_BIN, "mcp"],
    cwd: e2e.configDir,
    env: { ...e2e.env, AO_COMMANDER_TOKEN_FILE: tokenFile },
    stderr: "pipe",
  });
  const client = new Client({ name: `test-${name}`, version: "1.0.0" });
  await client.connect(transport);
  return {
    name,
    client,
    call: async (tool, args = {}, options = {}) => {
      const requestOptions: RequestOptions = {};
      if (options.timeout !== undefined) requestOptions.timeout = options.timeout;
      const onprogress = options.onprogress;
      if (onprogress !== undefined)
        requestOptions.onprogress = (progress) => onprogress({ message: progress.message ?? "" });
      const result = await client.callTool({ name: tool, arguments: args }, undefined, requestOptions);
      const content = (result.content as { type: string; text?: string }[] | undefined) ?? [];
      return {
        isError: result.isError === true,
        structured: (result.structuredContent as Record<string, unknown> | undefined) ?? {},
        text: content.find((item) => item.type === "text")?.text ?? "",
      };
    },
    close: () => client.close(),
  };
}

export function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
