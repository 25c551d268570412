import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PluginCheck, PluginCheckContext } from "../../../src/core/plugin-api.js";
import { plugin as aider } from "../../../src/plugins/agent/aider.js";
import { plugin as claudeCode } from "../../../src/plugins/agent/claude-code.js";
import { plugin as codex } from "../../../src/plugins/agent/codex.js";
import { plugin as gemini } from "../../../src/plugins/agent/gemini.js";
import { plugin as opencode } from "../../../src/plugins/agent/opencode.js";
import { makeBinDir } from "../../helpers/bin-dir.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

const PLUGINS = { "claude-code": claudeCode, codex, gemini, opencode, aider } as const;
type Name = keyof typeof PLUGINS;
const BINARIES: Record<Name, string> = {
  "claude-code": "claude",
  codex: "codex",
  gemini: "gemini",
  opencode: "opencode",
  aider: "aider",
};

/** The login line an agent plugin's doctor gives, with its CLI on PATH and a home of the test's own. */
async function loginLine(
  name: Name,
  files: Record<string, string> = {},
  env: Record<string, string> = {},
  platform = "linux",
): Promise<PluginCheck | undefined> {
  const home = makeTempDir("ao-login-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), text);
  }
  const ctx = {
    env: { HOME: home, PATH: makeBinDir({ fake: { [BINARIES[name]]: "exit 0" } }), ...env },
    platform,
    exec: undefined,
  } as unknown as PluginCheckContext;
  // Every agent's doctor ignores its options (agentProgram); the union of option types says otherwise.
  const definition = PLUGINS[name] as {
    doctor?: (options: unknown, context: PluginCheckContext) => Promise<readonly PluginCheck[]>;
  };
  const checks = await definition.doctor?.({}, ctx);
  return checks?.find((check) => check.id === `agent:${name}:login`);
}

describe("agent plugins' login checks (doctor)", () => {
  it.each([
    ["claude-code", "fail"],
    ["codex", "fail"],
    ["gemini", "fail"],
    ["opencode", "warn"],
    ["aider", "warn"],
  ] as const)("%s with no login at all: %s, with the sign-in as the fix", async (name, status) => {
    const line = await loginLine(name);
    expect(line).toMatchObject({ status, detail: expect.stringMatching(/^no login found/) as string });
    expect(line?.fix).toBeTruthy();
  });

  it.each([
    ["claude-code", { ".claude/.credentials.json": "{}" }, "~/.claude/.credentials.json"],
    [
      "claude-code",
      { ".claude.json": '{"primaryApiKey":"sk-x"}' },
      "credentials configured in ~/.claude.json",
    ],
    [
      "claude-code",
      { ".claude/settings.json": '{"apiKeyHelper":"/usr/local/bin/key"}' },
      "credentials configured in ~/.claude/settings.json",
    ],
    ["codex", { ".codex/auth.json": "{}" }, "~/.codex/auth.json"],
    ["gemini", { ".gemini/oauth_creds.json": "{}" }, "~/.gemini/oauth_creds.json"],
    ["opencode", { ".local/share/opencode/auth.json": "{}" }, "~/.local/share/opencode/auth.json"],
  ] as const)("%s finds the sign-in file %j", async (name, files, found) => {
    expect(await loginLine(name, files)).toMatchObject({ status: "ok", detail: `found ${found}` });
  });

  it("names the variable it found, never its value, and honours CODEX_HOME", async () => {
    const line = await loginLine("gemini", {}, { GEMINI_API_KEY: "AIza-secret-value" });
    expect(line).toMatchObject({ status: "ok", detail: "found GEMINI_API_KEY" });
    expect(JSON.stringify(line)).not.toContain("AIza-secret-value");
    const codexHome = makeTempDir("ao-codex-home-");
    writeFileSync(join(codexHome, "auth.json"), "{}");
    expect(await loginLine("codex", {}, { CODEX_HOME: codexHome })).toMatchObject({ status: "ok" });
  });

  it("says nothing about Claude Code's login on macOS, where it lives in the keychain", async () => {
    expect(await loginLine("claude-code", {}, {}, "darwin")).toBeUndefined();
  });
});
