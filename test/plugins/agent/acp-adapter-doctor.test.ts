import { describe, expect, it } from "vitest";
import type { PluginCheck, PluginCheckContext } from "../../../src/core/plugin-api.js";
import { plugin as claudeCode } from "../../../src/plugins/agent/claude-code.js";
import { plugin as codex } from "../../../src/plugins/agent/codex.js";
import { plugin as gemini } from "../../../src/plugins/agent/gemini.js";
import { plugin as opencode } from "../../../src/plugins/agent/opencode.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** ao doctor's line for an agent with `protocol: acp`: its adapter found, its version, the fix. */
const PLUGINS = { "claude-code": claudeCode, codex, gemini, opencode };

async function doctor(
  name: keyof typeof PLUGINS,
  options: Record<string, unknown>,
  PATH: string,
): Promise<readonly PluginCheck[]> {
  const definition = PLUGINS[name] as unknown as {
    doctor: (options: unknown, ctx: PluginCheckContext) => Promise<readonly PluginCheck[]>;
  };
  const ctx = {
    env: {
      HOME: makeTempDir("ao-home-"),
      PATH,
      ANTHROPIC_API_KEY: "k",
      OPENAI_API_KEY: "k",
      GEMINI_API_KEY: "k",
    },
    platform: "linux",
    exec: makeTestContext().exec,
  } as unknown as PluginCheckContext;
  return definition.doctor({ command: name === "claude-code" ? "claude" : name, args: [], ...options }, ctx);
}

describe("ao doctor with protocol: acp", () => {
  it.each([
    ["claude-code", "claude-agent-acp", "npm i -g @zed-industries/claude-agent-acp"],
    ["codex", "codex-acp", "npm i -g @zed-industries/codex-acp"],
    ["gemini", "gemini", "npm i -g @google/gemini-cli"],
    ["opencode", "opencode", "npm i -g opencode-ai"],
  ] as const)(
    "%s: fails without %s on PATH, with the install command as the fix",
    async (name, binary, fix) => {
      const checks = await doctor(name, { protocol: "acp" }, makeBinDir({ fake: {} }));
      expect(checks).toEqual([
        expect.objectContaining({
          id: `agent:${name}:acp`,
          status: "fail",
          detail: `${binary} not found on PATH`,
          fix,
          option: ["protocol"],
        }),
      ]);
    },
  );

  it("checks the adapter, not the terminal CLI, and the same login", async () => {
    const checks = await doctor(
      "claude-code",
      { protocol: "acp" },
      makeBinDir({ fake: { "claude-agent-acp": "exit 0" } }),
    );
    expect(checks.map((check) => [check.id, check.status])).toEqual([
      ["agent:claude-code:acp", "ok"],
      ["agent:claude-code:login", "ok"],
    ]);
    const terminal = await doctor("claude-code", {}, makeBinDir({ fake: { "claude-agent-acp": "exit 0" } }));
    expect(terminal[0]).toMatchObject({ id: "agent:claude-code", status: "fail" });
  });

  it("shows the version of an adapter that prints one (gemini --experimental-acp is gemini)", async () => {
    const bin = makeBinDir({ fake: { gemini: 'test "$1" = --version && echo 0.61.0' } });
    const [check] = await doctor("gemini", { protocol: "acp" }, bin);
    expect(check).toMatchObject({ id: "agent:gemini:acp", status: "ok", detail: `0.61.0 (${bin}/gemini)` });
  });

  it("looks for acpArgv's absolute path, pointing at acpArgv when it is missing", async () => {
    const dir = makeBinDir({ fake: { "my-adapter": "exit 0" } });
    const found = await doctor("codex", { protocol: "acp", acpArgv: [`${dir}/my-adapter`] }, "/nonexistent");
    expect(found[0]).toMatchObject({ status: "ok", detail: `my-adapter at ${dir}/my-adapter` });
    const missing = await doctor("codex", { protocol: "acp", acpArgv: [`${dir}/gone`] }, dir);
    expect(missing[0]).toMatchObject({ status: "fail", option: ["acpArgv"] });
    expect(missing[0]?.fix).toContain("or correct acpArgv");
  });
});
