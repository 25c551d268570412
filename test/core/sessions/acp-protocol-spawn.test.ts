import { describe, expect, it } from "vitest";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { makeSessionFixture } from "./session-fixture.js";

/** `protocol` on a built-in agent through spawn: the config's file, line and key path on a bad value. */
const claudeCode = () => import("../../../src/plugins/agent/claude-code.js");

describe("agent: {plugin: claude-code, protocol}", () => {
  it.each([
    ["protocol: sideways", /agent-orchestrator\.yaml:9:\d+ projects\.app\.agent\.protocol: /],
    [
      "acpArgv: [claude-agent-acp]",
      /agent-orchestrator\.yaml:9:\d+ projects\.app\.agent\.acpArgv: acpArgv is used only with protocol: acp$/,
    ],
    [
      "protocol: acp\n  args: [--verbose]",
      /agent-orchestrator\.yaml:10:\d+ projects\.app\.agent\.args: args is for protocol: terminal/,
    ],
  ])("refuses `%s` at spawn, naming file, line and key path, before making anything", async (yaml, line) => {
    const f = makeSessionFixture({ plugins: { agent: { "claude-code": claudeCode } } });
    f.writeConfig(`agent:\n  plugin: claude-code\n  ${yaml}`);
    const error = await spawnSession(f.ctx, { project: "app", issue: "Fix it" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_PLUGIN_OPTIONS", exitCode: 2 });
    expect((error as Error).message.split("\n")[1]).toMatch(line);
    expect(f.events()).toEqual([]);
  });

  it("with protocol: acp, the runtime runs ao's ACP host with claude-agent-acp", async () => {
    const f = makeSessionFixture({ plugins: { agent: { "claude-code": claudeCode } } });
    f.writeConfig("agent:\n  plugin: claude-code\n  protocol: acp");
    const session = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const argv = f.runtime.processOf(session.id)?.input.argv ?? [];
    expect(argv.slice(argv.indexOf("acp-host"))).toEqual([
      "acp-host",
      "--session",
      session.id,
      "--prompt-file",
      expect.stringMatching(/prompt\.md$/),
      // The TUI `ao session takeover` resumes the conversation in (docs/acp.md, "Taking over").
      "--takeover",
      JSON.stringify(["claude", "--resume", "{session}"]),
      "--",
      "claude-agent-acp",
    ]);
  });
});
