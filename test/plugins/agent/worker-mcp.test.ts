import { spawnSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { McpServerSpec } from "../../../src/core/slots/index.js";
import { createAiderAgent } from "../../../src/plugins/agent/aider.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { codexWorkerMcp } from "../../../src/plugins/agent/codex/worker-mcp.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import { opencodeWorkerMcp } from "../../../src/plugins/agent/opencode/worker-mcp.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { FAKE_BIN, fixture, launchInput, tempClaudePaths } from "./fixtures.js";
import { BYPASS_FLAGS, WORKER_SERVER } from "./worker-fixtures.js";
import {
  aiderOptions,
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
  opencodeOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";

/**
 * How each agent plugin hands a control-plane worker's CLI ao's MCP server: for this run only,
 * only the report tool pre-approved, nothing of the person's global configuration touched, files
 * owner-only and git-ignored, and never a permission bypass.
 */

function gitStatus(worktree: string): string {
  return spawnSync("git", ["status", "--porcelain"], { cwd: worktree, encoding: "utf8" }).stdout;
}

function mode(file: string): number {
  return statSync(file).mode & 0o777;
}

describe("claude-code as a worker", () => {
  const agent = () => createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths());

  it("loads ao's server from a 0600 --mcp-config file, strictly, with only orch_report allowed", async () => {
    const worktree = makeTestRepo().dir;
    const { argv } = await agent().launch(launchInput(worktree, { mcpServer: WORKER_SERVER }));
    const file = join(worktree, ".ao", "claude-mcp.json");
    expect(argv.slice(0, 6)).toEqual([
      "claude",
      "--mcp-config",
      file,
      "--allowedTools",
      "mcp__ao__orch_report",
      "--strict-mcp-config",
    ]);
    // The prompt is still the last word, after a flag that takes no value.
    expect(argv.at(-1)).toMatch(/^Carry out the task described in @/);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      mcpServers: {
        ao: {
          type: "stdio",
          command: WORKER_SERVER.command,
          args: WORKER_SERVER.args,
          env: WORKER_SERVER.env,
        },
      },
    });
    expect(mode(file)).toBe(0o600);
    expect(gitStatus(worktree)).toBe("");
  });

  it("resumes with the same server, and a session that is not a worker gets none", async () => {
    const worktree = makeTestRepo().dir;
    const resumed = await agent().resume!({
      ...launchInput(worktree, { mcpServer: WORKER_SERVER }),
      agentSessionId: "s-1",
    });
    expect(resumed.argv).toContain("--strict-mcp-config");
    const plain = await agent().launch(launchInput(worktree));
    expect(plain.argv.filter((word) => word.includes("mcp"))).toEqual([]);
  });
});

describe("codex as a worker", () => {
  it("adds the server with -c overrides that Codex reads as the recorded `codex mcp get` shows", () => {
    const home = makeTempDir("ao-codex-home-");
    const recorded = fixture("codex", "worker-mcp/mcp-get.json").replaceAll("<home>", home);
    const server: McpServerSpec = {
      name: "ao",
      command: `${home}/spy-server.sh`,
      args: ["--secret-file", "/var/tmp/ao-worker.secret"],
      env: { AO_HOME: `${home}/ao` },
      tools: ["orch_report"],
    };
    const { args } = codexWorkerMcp(server);
    expect(args).toContain('mcp_servers.ao.tools.orch_report.approval_mode="approve"');
    // The fake parses -c as TOML the way Codex does; its `mcp get` matches the real one's output.
    const shown = spawnSync(join(FAKE_BIN, "codex"), [...args, "mcp", "get", "ao", "--json"], {
      encoding: "utf8",
    });
    expect(JSON.parse(shown.stdout)).toEqual(JSON.parse(recorded));
  });

  it("puts the overrides among the launch's and the resume's own options", async () => {
    const agent = createCodexAgent(codexOptions.parse({}), "/nonexistent");
    const input = launchInput(makeTestRepo().dir, { mcpServer: WORKER_SERVER });
    const launch = (await agent.launch(input)).argv;
    expect(launch.slice(1, 3)).toEqual([
      "-c",
      `mcp_servers.ao.command=${JSON.stringify(WORKER_SERVER.command)}`,
    ]);
    const resume = (await agent.resume!({ ...input, agentSessionId: "0199-id" })).argv;
    expect(resume.slice(0, 3)).toEqual(["codex", "resume", "-c"]);
    expect(resume.at(-1)).toBe("0199-id");
  });
});

describe("gemini as a worker", () => {
  it("merges ao's server into the worktree's settings beside the hooks, and limits the run to it", async () => {
    const worktree = makeTestRepo().dir;
    const agent = createGeminiAgent(geminiOptions.parse({}), "/nonexistent", makeTestContext().exec);
    await agent.prepareWorkspace!({ sessionId: "app-1", worktree });
    const { argv, env } = await agent.launch(launchInput(worktree, { mcpServer: WORKER_SERVER }));
    expect(argv.slice(1, 3)).toEqual(["--allowed-mcp-server-names", "ao"]);
    expect(env).toEqual({ GEMINI_CLI_TRUST_WORKSPACE: "true" });
    const file = join(worktree, ".gemini", "settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    expect(settings["mcpServers"]).toEqual({
      ao: {
        command: WORKER_SERVER.command,
        args: WORKER_SERVER.args,
        env: WORKER_SERVER.env,
        includeTools: ["orch_report"],
        trust: true,
      },
    });
    expect(Object.keys(settings["hooks"] as object)).toContain("AfterAgent");
    expect(mode(file)).toBe(0o600);
    expect(gitStatus(worktree)).toBe("");
  });

  it("refuses a settings file that is not JSON instead of overwriting it", async () => {
    const worktree = makeTestRepo().dir;
    const agent = createGeminiAgent(geminiOptions.parse({}), "/nonexistent", makeTestContext().exec);
    await agent.prepareWorkspace!({ sessionId: "app-1", worktree });
    writeFileSync(join(worktree, ".gemini", "settings.json"), "{ not json");
    await expect(agent.launch(launchInput(worktree, { mcpServer: WORKER_SERVER }))).rejects.toThrow(
      /not a JSON object/,
    );
    expect(readFileSync(join(worktree, ".gemini", "settings.json"), "utf8")).toBe("{ not json");
  });
});

describe("opencode as a worker", () => {
  it("adds a local mcp entry and an allow rule for ao_orch_report to OPENCODE_CONFIG_CONTENT", async () => {
    const worktree = makeTestRepo().dir;
    const person = JSON.stringify({ permission: "ask", mcp: { docs: { type: "remote", url: "https://x" } } });
    const agent = createOpencodeAgent(opencodeOptions.parse({}), makeTestContext().exec, {
      OPENCODE_CONFIG_CONTENT: person,
    });
    const { env } = await agent.launch(launchInput(worktree, { mcpServer: WORKER_SERVER }));
    const content = JSON.parse(env["OPENCODE_CONFIG_CONTENT"] ?? "{}") as Record<string, unknown>;
    expect(content["mcp"]).toEqual({
      docs: { type: "remote", url: "https://x" },
      ao: {
        type: "local",
        command: [WORKER_SERVER.command, ...WORKER_SERVER.args],
        environment: WORKER_SERVER.env,
        enabled: true,
      },
    });
    // The person's "ask everything" still holds for every other tool.
    expect(content["permission"]).toEqual({ "*": "ask", ao_orch_report: "allow" });
    expect(content["plugin"]).toEqual([expect.stringMatching(/^file:\/\/.*opencode-turns\.js$/)]);
  });

  it("writes entries in the shape the real opencode read back (recorded `debug config`)", () => {
    const recorded = JSON.parse(fixture("opencode", "worker-mcp/debug-config.json")) as Record<
      string,
      unknown
    >;
    const server: McpServerSpec = {
      name: "ao",
      command: "<home>/spy-server.sh",
      args: ["--secret-file", "/var/tmp/ao-worker.secret"],
      env: { AO_HOME: "<home>/ao" },
      tools: ["orch_report"],
    };
    const content = JSON.parse(
      opencodeWorkerMcp(server, "{}").env["OPENCODE_CONFIG_CONTENT"] ?? "{}",
    ) as object;
    expect(content).toEqual(recorded);
  });
});

describe("workers run in safe mode", () => {
  it("no agent adds its bypass flag for a worker, even in a permissionless project", async () => {
    const worktree = makeTestRepo().dir;
    const exec = makeTestContext().exec;
    const input = launchInput(worktree, { mcpServer: WORKER_SERVER, permissions: "permissionless" });
    const launches = await Promise.all([
      createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths()).launch(input),
      createCodexAgent(codexOptions.parse({}), "/nonexistent").launch(input),
      createGeminiAgent(geminiOptions.parse({}), "/nonexistent", exec).launch(input),
      createAiderAgent(aiderOptions.parse({})).launch(input),
    ]);
    const words = launches.flatMap((spec) => spec.argv);
    for (const flag of BYPASS_FLAGS) expect(words).not.toContain(flag);
    const opencode = await createOpencodeAgent(opencodeOptions.parse({}), exec).launch(input);
    expect(JSON.parse(opencode.env["OPENCODE_CONFIG_CONTENT"] ?? "{}")).not.toHaveProperty([
      "permission",
      "*",
    ]);
  });
});
