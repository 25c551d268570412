import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { FAKE_BIN } from "./e2e-fixture.js";
import { makeMcpWorld, type McpWorld } from "./mcp-fixture.js";

/**
 * `ao mcp install --for claude` through the fake `claude` (its `mcp add|list|remove` as recorded
 * from Claude Code 2.1.197; its health check's messages from 2.1.197 and 2.1.332): the user-scope
 * server works from any directory, a health check does not start the daemon, installing again
 * replaces the entry.
 */
let world: McpWorld | undefined;
afterEach(() => world?.stopDaemon());

/** The fake claude, run by the person in `cwd` (their HOME: ~/.claude.json holds the servers). */
function claude(
  world: McpWorld,
  args: string[],
  cwd: string,
  version = "",
): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(join(FAKE_BIN, "claude"), args, {
    cwd,
    encoding: "utf8",
    env: { PATH: world.env.PATH, HOME: world.userHome, FAKE_CLAUDE_VERSION: version },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

interface ClaudeServer {
  command: string;
  args: string[];
  env: Record<string, string>;
}

function registered(world: McpWorld): ClaudeServer {
  const state = JSON.parse(readFileSync(join(world.userHome, ".claude.json"), "utf8")) as {
    mcpServers: Record<string, ClaudeServer>;
  };
  const server = state.mcpServers["ao"];
  if (server === undefined) throw new Error("ao is not registered with claude");
  return server;
}

describe("ao mcp install --for claude", () => {
  it(
    "registers a server that connects from any directory without starting the daemon, and installs again",
    { timeout: 120_000 },
    async () => {
      world = makeMcpWorld();
      // The --help example's spelling (the agent plugin's name) is accepted.
      const shown = world.ao(["mcp", "install", "--for", "claude-code"]);
      expect(shown.exitCode, shown.stderr).toBe(0);
      const installed = world.ao(["mcp", "install", "--for", "claude-code", "--yes"]);
      expect(installed.exitCode, installed.stderr).toBe(0);
      const server = registered(world);
      expect(server.env["AO_CONFIG_PATH"]).toBe(join(world.configDir, "agent-orchestrator.yaml"));
      const token = readFileSync(server.env["AO_COMMANDER_TOKEN_FILE"] ?? "", "utf8");

      // The health check, from a directory with no agent-orchestrator.yaml: connected, no daemon.
      // 2.1.332's first probes server/discover (its recording): answered without a daemon too.
      for (const version of ["", "2.1.332"]) {
        const listed = claude(world, ["mcp", "list"], world.userHome, version);
        expect(listed.stdout, version).toContain("ao: ");
        expect(listed.stdout, version).toContain("✔ Connected");
        expect(world.daemonPid(), version).toBeUndefined();
      }

      // Installing again replaces the entry and keeps the commander's token.
      const again = world.ao(["mcp", "install", "--for", "claude", "--yes"]);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.stdout).toContain("commander claude exists: ao keeps its token");
      expect(again.stdout).not.toContain("gets a token");
      expect(readFileSync(registered(world).env["AO_COMMANDER_TOKEN_FILE"] ?? "", "utf8")).toBe(token);
      expect(claude(world, ["mcp", "list"], world.userHome).stdout).toContain("✔ Connected");
      expect(world.daemonPid()).toBeUndefined();

      // The first tool call starts the daemon, from outside the repository too.
      const client = new Client({ name: "claude-code", version: "2.1.197" });
      await client.connect(
        new StdioClientTransport({
          command: server.command,
          args: server.args,
          cwd: world.userHome,
          env: { PATH: world.env.PATH ?? "", HOME: world.userHome, ...registered(world).env },
          stderr: "pipe",
        }),
      );
      try {
        const tools = await client.listTools();
        expect(tools.tools.map((tool) => tool.name)).toContain("open_session");
        expect(world.daemonPid()).toBeUndefined();
        const sessions = await client.callTool({ name: "list_sessions", arguments: {} });
        expect(sessions.structuredContent).toEqual({ sessions: [] });
        expect(world.daemonPid()).toBeDefined();
      } finally {
        await client.close();
      }
    },
  );
});
