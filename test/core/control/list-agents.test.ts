import { describe, expect, it } from "vitest";
import type { LoadedConfig } from "../../../src/core/config/index.js";
import type { ControlContext } from "../../../src/core/control/control-context.js";
import { listAgents } from "../../../src/core/control/list-agents.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

const ON = { enabled: true, sendBoundMs: 40_000, replyRetentionMs: 3_600_000, http: false };
const OFF = { ...ON, enabled: false };

/** A machine with only `codex` on PATH, and projects whose configuration names their agents. */
function commanderContext(projects: Record<string, { agent: object; controlPlane: typeof ON }>) {
  const bin = makeBinDir({ fake: { codex: 'echo "codex-cli 0.9.1"' } });
  const ctx = makeTestContext({ catalog: builtinCatalog, env: { PATH: bin } });
  const config = { path: "/x/agent-orchestrator.yaml", config: { controlPlane: OFF, projects } };
  return { ctx, config: config as unknown as LoadedConfig } as unknown as ControlContext;
}

describe("list_agents (issue 25)", () => {
  it("lists the agent a project with the control plane on is configured with, beside those on PATH", async () => {
    const cc = commanderContext({
      app: { agent: { plugin: "command", argv: ["my-agent", "{promptFile}"] }, controlPlane: ON },
      web: { agent: { plugin: "codex" }, controlPlane: ON },
      docs: { agent: { plugin: "claude-code" }, controlPlane: ON },
      off: { agent: { plugin: "gemini" }, controlPlane: OFF },
    });
    const agents = await listAgents(cc);
    expect(agents.map((agent) => [agent.agent, agent.configured_in, agent.can_be_worker])).toEqual([
      ["codex", ["web"], true],
      ["command", ["app"], true],
      ["claude-code", ["docs"], false],
    ]);
    expect(agents.find((agent) => agent.agent === "codex")).toMatchObject({
      binary: "codex",
      version: "codex-cli 0.9.1",
    });
    expect(agents.find((agent) => agent.agent === "command")).toMatchObject({
      binary: null,
      path: null,
      version: null,
    });
    expect(agents.find((agent) => agent.agent === "claude-code")).toMatchObject({
      binary: "claude",
      path: null,
      why_not: "`claude` is not on PATH",
    });
  });

  it("lists an installed agent no project names as not configured", async () => {
    const cc = commanderContext({ app: { agent: { plugin: "command", argv: ["x"] }, controlPlane: OFF } });
    expect((await listAgents(cc)).map((agent) => [agent.agent, agent.configured_in])).toEqual([
      ["codex", []],
    ]);
  });
});
