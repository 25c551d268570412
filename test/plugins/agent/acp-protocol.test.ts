import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import type { Agent, AgentLaunchInput } from "../../../src/core/slots/index.js";
import { acpRecordPath } from "../../../src/plugins/agent/acp/record.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";
import { RecordWriter } from "./acp-records.js";
import { launchInput } from "./fixtures.js";

/**
 * `protocol: acp` on the built-in claude-code, codex, gemini and opencode agents (issue 26,
 * docs/acp.md): each runs ao's ACP host with its own adapter, and is then the acp plugin's agent.
 */
async function resolved(
  name: string,
  options: Record<string, unknown>,
): Promise<{ agent: Agent; ctx: TestContext }> {
  const ctx = makeTestContext({ catalog: builtinCatalog });
  return { agent: await createPluginRegistry(ctx).resolve("agent", name, options), ctx };
}

/** The takeover TUI the host is given (`--takeover`), or undefined. */
function takeoverOf(argv: readonly string[]): string[] | undefined {
  const at = argv.indexOf("--takeover");
  return at < 0 || at > argv.indexOf("--") ? undefined : (JSON.parse(argv[at + 1]!) as string[]);
}

/** The agent's argv after the host's `--`, with the host's own words checked (a takeover TUI aside). */
function hostedArgv(argv: readonly string[], input: AgentLaunchInput): string[] {
  const dashes = argv.indexOf("--");
  const takeover = takeoverOf(argv) === undefined ? [] : ["--takeover", argv[argv.indexOf("--takeover") + 1]];
  expect(argv.slice(1, dashes)).toEqual([
    expect.stringMatching(/bin\/ao\.js$/),
    "acp-host",
    "--session",
    input.sessionId,
    "--prompt-file",
    input.promptFile,
    ...takeover,
  ]);
  expect(argv[0]).toBe(process.execPath);
  return argv.slice(dashes + 1);
}

describe("protocol: acp on the built-in agents: what ao starts", () => {
  const worktree = makeTempDir("ao-wt-");
  const trusted = ["-c", `projects={${JSON.stringify(worktree)}={trust_level="trusted"}}`];
  it.each([
    ["claude-code", {}, ["claude-agent-acp"], {}],
    ["claude-code", { model: "opus" }, ["claude-agent-acp"], {}],
    ["codex", {}, ["codex-acp", ...trusted], {}],
    ["codex", { model: "o3" }, ["codex-acp", ...trusted, "-c", 'model="o3"'], {}],
    [
      "gemini",
      { model: "gemini-2.5-pro" },
      ["gemini", "--experimental-acp", "--model", "gemini-2.5-pro"],
      { GEMINI_CLI_TRUST_WORKSPACE: "true" },
    ],
    ["opencode", {}, ["opencode", "acp"], {}],
  ])("%s %o: the host runs %o, with env %o", async (name, overrides, argv, env) => {
    const { agent } = await resolved(name, { protocol: "acp" });
    const input = launchInput(worktree, overrides);
    const spec = await agent.launch(input);
    expect(hostedArgv(spec.argv, input)).toEqual(argv);
    expect(spec.env).toEqual(env);
    expect(agent.answersQuestions).toBe(true);
  });

  it("takes the adapter from acpArgv, and gemini's and opencode's from their command", async () => {
    const input = launchInput(worktree);
    const claude = await resolved("claude-code", {
      protocol: "acp",
      acpArgv: ["/opt/acp/claude-agent-acp", "--x"],
    });
    expect(hostedArgv((await claude.agent.launch(input)).argv, input)).toEqual([
      "/opt/acp/claude-agent-acp",
      "--x",
    ]);
    const gemini = await resolved("gemini", {
      protocol: "acp",
      command: "/opt/gemini",
      trustWorktree: false,
    });
    const spec = await gemini.agent.launch(input);
    expect(hostedArgv(spec.argv, input)).toEqual(["/opt/gemini", "--experimental-acp"]);
    expect(spec.env).toEqual({});
    const opencode = await resolved("opencode", { protocol: "acp", command: "/opt/oc" });
    expect(hostedArgv((await opencode.agent.launch(input)).argv, input)).toEqual(["/opt/oc", "acp"]);
  });

  it("resumes with the host's --load of the ACP session id", async () => {
    const { agent } = await resolved("claude-code", { protocol: "acp" });
    const input = { ...launchInput(worktree), agentSessionId: "acp-sess-9" };
    const argv = (await agent.resume!(input)).argv;
    const dashes = argv.indexOf("--");
    expect(argv.slice(dashes - 4, dashes - 2)).toEqual(["--load", "acp-sess-9"]);
    expect(argv.slice(dashes)).toEqual(["--", "claude-agent-acp"]);
  });

  it("gives claude-code's host its TUI for a takeover (its command), and the other agents' none", async () => {
    const input = launchInput(worktree);
    const claude = await resolved("claude-code", { protocol: "acp" });
    expect(takeoverOf((await claude.agent.launch(input)).argv)).toEqual(["claude", "--resume", "{session}"]);
    for (const name of ["codex", "gemini", "opencode"]) {
      const other = await resolved(name, { protocol: "acp" });
      expect(takeoverOf((await other.agent.launch(input)).argv)).toBeUndefined();
    }
    const generic = await resolved("acp", { argv: ["my-agent"], takeover: ["my-tui", "{session}"] });
    expect(takeoverOf((await generic.agent.launch(input)).argv)).toEqual(["my-tui", "{session}"]);
  });

  it.each(["claude-code", "codex", "gemini", "opencode"])(
    "%s runs its terminal CLI by default",
    async (name) => {
      const { agent } = await resolved(name, {});
      const spec = await agent.launch(launchInput(makeTempDir("ao-wt-")));
      expect(spec.argv).not.toContain("acp-host");
      expect(agent.answersQuestions).toBeUndefined();
    },
  );
});

describe("protocol: acp on the built-in agents: the record is read as the acp plugin reads it", () => {
  it("a permission question in the record is needs_input with its options", async () => {
    const { agent, ctx } = await resolved("claude-code", { protocol: "acp" });
    const record = new RecordWriter(acpRecordPath(ctx.paths.home, "app-1"));
    record.ready("acp-sess-1");
    record.prompt("run it");
    record.askPermission(3, { toolCallId: "tc-1", title: "Run npm test", kind: "execute" });
    const probe = {
      sessionId: "app-1",
      worktree: makeTempDir("ao-wt-"),
      liveness: { state: "alive" as const },
    };
    expect(await agent.activity(probe)).toMatchObject({
      activity: "needs_input",
      agentSessionId: "acp-sess-1",
      question: { title: "Run npm test", toolKind: "execute" },
    });
  });
});

describe("protocol options: refused, never ignored", () => {
  const refused = async (name: string, options: Record<string, unknown>): Promise<string> => {
    const error = await resolved(name, options).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AoError);
    return (error as AoError).message;
  };

  it("a protocol that is neither acp nor terminal", async () => {
    expect(await refused("codex", { protocol: "sideways" })).toMatch(/protocol: .*"terminal"\|"acp"/);
  });

  it("acpArgv without protocol: acp", async () => {
    expect(await refused("opencode", { acpArgv: ["opencode", "acp"] })).toMatch(
      /acpArgv: acpArgv is used only with protocol: acp/,
    );
  });

  it.each([
    ["claude-code", { args: ["--verbose"] }, "args"],
    ["claude-code", { permissionMode: "plan" }, "permissionMode"],
    ["claude-code", { command: "/opt/claude" }, "command"],
    ["codex", { command: "/opt/codex" }, "command"],
    ["gemini", { args: ["--debug"] }, "args"],
    ["opencode", { args: ["--print-logs"] }, "args"],
  ])("%s with protocol: acp refuses the terminal option %o", async (name, options, key) => {
    expect(await refused(name, { protocol: "acp", ...options })).toContain(
      `${key}: ${key} is for protocol: terminal`,
    );
  });
});
