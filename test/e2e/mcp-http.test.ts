import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { makeMcpWorld, type McpWorld } from "./mcp-fixture.js";

/**
 * The optional Streamable HTTP transport on the daemon's port, with the SDK's HTTP client; and
 * `ao mcp install`, `tokens`, `revoke` through the built `ao`.
 */
let world: McpWorld | undefined;
afterEach(() => world?.stopDaemon());

function tokenOf(world: McpWorld, name: string): string {
  const created = world.ao(["mcp", "tokens", "create", name, "--json"]);
  expect(created.exitCode, created.stderr).toBe(0);
  return (JSON.parse(created.stdout) as { token: string }).token;
}

async function connect(port: number, token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: "http-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

function post(port: number, headers: Record<string, string>): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
}

describe("MCP over Streamable HTTP under /mcp", () => {
  it(
    "serves a commander's bearer token across re-initialising, refuses a foreign Origin and a revoked token",
    { timeout: 120_000 },
    async () => {
      world = makeMcpWorld("controlPlane:\n  enabled: true\n  http: true\n");
      const token = tokenOf(world, "remote");
      const started = world.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const { port } = JSON.parse(started.stdout) as { port: number };

      for (let round = 0; round < 2; round++) {
        const client = await connect(port, token);
        const tools = await client.listTools();
        expect(tools.tools.map((tool) => tool.name).sort()).toEqual(
          [
            "answer_permission",
            "close_session",
            "get_plan",
            "list_agents",
            "list_sessions",
            "open_session",
            "propose_orchestration",
            "run_playbook",
            "send",
            "send_async",
            "submit_plan",
            "wait_turn",
          ].sort(),
        );
        const send = tools.tools.find((tool) => tool.name === "send");
        expect(send?.annotations).toMatchObject({
          readOnlyHint: false,
          idempotentHint: true,
          openWorldHint: true,
        });
        expect(send?.outputSchema).toBeDefined();
        const listed = await client.callTool({ name: "list_sessions", arguments: {} });
        expect(listed.structuredContent).toEqual({ sessions: [] });
        await client.close();
      }

      expect(
        (await post(port, { authorization: `Bearer ${token}`, origin: "https://evil.example" })).status,
      ).toBe(403);
      expect(
        (await post(port, { authorization: `Bearer ${token}`, origin: "http://localhost:5173" })).status,
      ).toBe(200);
      const refused = await post(port, { authorization: "Bearer not-a-token" });
      expect(refused.status).toBe(401);
      // RFC 6750's challenge: a client knows the bearer token is wrong (no OAuth server to find).
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer realm="ao", error="invalid_token"/);
      // The SDK's client reports the refusal as an error of its own (HTTP 401), naming why.
      await expect(connect(port, "not-a-token")).rejects.toThrow(/no commander has this token/);
      const revoked = world.ao(["mcp", "revoke", "remote", "--json"]);
      expect(revoked.exitCode, revoked.stderr).toBe(0);
      expect((await post(port, { authorization: `Bearer ${token}` })).status).toBe(401);
      const listed = JSON.parse(world.ao(["mcp", "tokens", "--json"]).stdout) as {
        commanders: { name: string; revokedAt: string | null }[];
      };
      expect(listed.commanders).toMatchObject([{ name: "remote", revokedAt: expect.any(String) as unknown }]);
    },
  );
});

describe("ao mcp install", () => {
  it("shows the change without applying it; the token is never in the command line", () => {
    world = makeMcpWorld();
    const plan = world.ao(["mcp", "install", "--for", "claude", "--json"]);
    expect(plan.exitCode, plan.stderr).toBe(0);
    const parsed = JSON.parse(plan.stdout) as { applied: boolean; change: { kind: string; argv: string[] } };
    expect(parsed.applied).toBe(false);
    const tokenFile = join(world.home, "control", "commanders", "claude.token");
    expect(parsed.change.argv.slice(0, 6)).toEqual(["claude", "mcp", "add", "--scope", "user", "ao"]);
    expect(parsed.change.argv).toContain(`AO_COMMANDER_TOKEN_FILE=${tokenFile}`);
    expect(parsed.change.argv.slice(-2)).toEqual([expect.stringMatching(/bin\/ao\.js$/) as unknown, "mcp"]);
    expect(existsSync(tokenFile)).toBe(false);
    expect(JSON.parse(world.ao(["mcp", "tokens", "--json"]).stdout)).toEqual({ commanders: [] });
  });

  it("--for opencode --yes merges ao into its config file and makes the commander", () => {
    world = makeMcpWorld();
    const applied = world.ao(["mcp", "install", "--for", "opencode", "--yes", "--json"], {
      env: { XDG_CONFIG_HOME: join(world.userHome, "xdg") },
    });
    expect(applied.exitCode, applied.stderr).toBe(0);
    const file = join(world.userHome, "xdg", "opencode", "opencode.json");
    const config = JSON.parse(readFileSync(file, "utf8")) as {
      mcp: { ao: { type: string; command: string[]; environment: Record<string, string> } };
    };
    expect(config.mcp.ao.type).toBe("local");
    expect(config.mcp.ao.command.at(-1)).toBe("mcp");
    const token = readFileSync(config.mcp.ao.environment["AO_COMMANDER_TOKEN_FILE"] ?? "", "utf8").trim();
    expect(token.length).toBeGreaterThan(20);
    expect(readFileSync(file, "utf8")).not.toContain(token);
    const again = world.ao(["mcp", "install", "--for", "opencode", "--yes"]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain("commander opencode exists: ao keeps its token");
    expect(readFileSync(config.mcp.ao.environment["AO_COMMANDER_TOKEN_FILE"] ?? "", "utf8").trim()).toBe(
      token,
    );
  });
});
