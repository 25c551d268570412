import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PluginCheckContext } from "../../src/core/registry/plugin-capabilities.js";
import { inspectPlugin } from "../../src/core/registry/inspect-plugin.js";
import type { Slot } from "../../src/core/registry/catalog.js";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import { checkGitHubCredentials } from "../../src/plugins/_shared/github/credentials-check.js";
import { makeBinDir } from "../helpers/bin-dir.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTestContext, type TestContext } from "../helpers/test-context.js";

const TOKEN = "ghp_doctorTestToken0123456789abcdefABCDEF";

function checkContext(env: Record<string, string | undefined>): PluginCheckContext & { ctx: TestContext } {
  const ctx = makeTestContext({ env });
  return { ...ctx, ctx, baseDir: ctx.cwd, exec: ctx.exec, platform: "linux" };
}

/** What a built-in plugin's doctor capability says with these options. */
async function doctorOf(slot: Slot, name: string, options: unknown, ctx: PluginCheckContext) {
  const { definition, options: validated } = await inspectPlugin(
    { catalog: builtinCatalog, baseDir: ctx.cwd },
    slot,
    name,
    options,
  );
  return definition.doctor ? definition.doctor(validated, ctx) : [];
}

describe("agent plugins: their program and doctor capability", () => {
  it("checks each agent's CLI and names the install command of a missing one", async () => {
    const claudeConfig = makeTempDir("ao-claude-config-");
    writeFileSync(join(claudeConfig, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true }));
    const ctx = checkContext({
      PATH: makeBinDir({ fake: { claude: "exit 0" } }),
      ANTHROPIC_API_KEY: "sk-ant-x",
      CLAUDE_CONFIG_DIR: claudeConfig,
    });
    const checks = await Promise.all(
      [["claude-code"], ["codex"], ["aider"], ["command", { argv: ["my-agent"] }]].map(([name, options]) =>
        doctorOf("agent", name as string, options, ctx),
      ),
    );
    expect(checks.flat().map((check) => [check.id, check.status, check.fix])).toEqual([
      ["agent:claude-code", "ok", undefined],
      ["agent:claude-code:login", "ok", undefined],
      ["agent:claude-code:onboarding", "ok", undefined],
      ["agent:codex", "fail", "npm i -g @openai/codex"],
      ["agent:aider", "fail", "pipx install aider-chat"],
    ]);
  });

  it.each([
    ["gemini", "npm i -g @google/gemini-cli"],
    ["opencode", "npm i -g opencode-ai"],
    ["claude-code", "npm i -g @anthropic-ai/claude-code"],
  ])("%s missing → %s", async (name, fix) => {
    const [check] = await doctorOf("agent", name, undefined, checkContext({ PATH: makeBinDir() }));
    expect(check?.fix).toBe(fix);
  });
});

describe("tracker/github and scm/github: their credentials check", () => {
  const noToken = { GITHUB_TOKEN: undefined, GH_TOKEN: undefined, GITHUB_API_URL: undefined };

  it("fails without a token or a logged-in gh, the same line for the tracker and the scm", async () => {
    const ctx = checkContext({ PATH: makeBinDir(), ...noToken });
    const [tracker] = await doctorOf("tracker", "github", undefined, ctx);
    const [scm] = await doctorOf("scm", "github", undefined, ctx);
    expect(tracker).toMatchObject({ id: "credentials:github:github.com", status: "fail" });
    expect(tracker?.fix).toContain("gh auth login");
    expect(scm).toEqual(tracker);
  });

  it.each(["GITHUB_TOKEN", "GH_TOKEN"])("is ok with %s set and never shows its value", async (variable) => {
    const ctx = checkContext({ PATH: makeBinDir(), ...noToken, [variable]: TOKEN });
    const checks = await checkGitHubCredentials({}, ctx);
    expect(checks[0]).toMatchObject({ status: "ok", detail: `${variable} is set` });
    expect(JSON.stringify(checks)).not.toContain(TOKEN);
  });

  it("accepts a logged-in gh, asking the enterprise host when the API URL names one", async () => {
    const gh = `[ "$1 $2 $3" = "auth token --hostname" ] || exit 2; case "$4" in github.com|github.acme.corp) echo ${TOKEN};; *) exit 1;; esac`;
    const ctx = checkContext({ PATH: makeBinDir({ fake: { gh } }), ...noToken });
    const checks = [
      ...(await checkGitHubCredentials({}, ctx)),
      ...(await checkGitHubCredentials({ apiUrl: "https://github.acme.corp/api/v3" }, ctx)),
    ];
    expect(checks.map((check) => [check.id, check.status, check.detail])).toEqual([
      ["credentials:github:github.com", "ok", "gh is logged in to github.com"],
      ["credentials:github:github.acme.corp", "ok", "gh is logged in to github.acme.corp"],
    ]);
    expect(JSON.stringify(checks)).not.toContain(TOKEN);
    expect(JSON.stringify(ctx.ctx.logger.records)).not.toContain(TOKEN);
  });

  it("fails when gh is installed but not logged in, with the enterprise host in the fix", async () => {
    const ctx = checkContext({
      PATH: makeBinDir({ fake: { gh: "echo 'not logged in' >&2; exit 1" } }),
      ...noToken,
    });
    const [check] = await checkGitHubCredentials({ apiUrl: "https://ghe.example/api/v3" }, ctx);
    expect(check).toMatchObject({
      status: "fail",
      fix: "gh auth login --hostname ghe.example  (or export GITHUB_TOKEN=<token>)",
    });
  });

  it("offline, says nothing when gh is installed (it cannot be asked), and fails when it is not", async () => {
    const withGh = {
      ...checkContext({ PATH: makeBinDir({ fake: { gh: "exit 1" } }), ...noToken }),
      exec: undefined,
    };
    expect(await checkGitHubCredentials({}, withGh)).toEqual([]);
    const without = { ...checkContext({ PATH: makeBinDir(), ...noToken }), exec: undefined };
    expect((await checkGitHubCredentials({}, without))[0]?.status).toBe("fail");
  });
});

describe("tracker/linear: its key check", () => {
  it("checks LINEAR_API_KEY, and tracker/local needs nothing", async () => {
    const without = checkContext({ LINEAR_API_KEY: undefined });
    expect(await doctorOf("tracker", "linear", undefined, without)).toEqual([
      expect.objectContaining({
        id: "credentials:linear",
        status: "fail",
        fix: expect.stringContaining("LINEAR_API_KEY") as unknown,
      }),
    ]);
    expect(await doctorOf("tracker", "local", undefined, without)).toEqual([]);
    const withKey = checkContext({ LINEAR_API_KEY: "lin_api_0123456789abcdefghijklmnop" });
    expect((await doctorOf("tracker", "linear", undefined, withKey))[0]).toMatchObject({
      status: "ok",
      detail: "LINEAR_API_KEY is set",
    });
  });
});

describe("notifier/webhook: its secret check", () => {
  it("fails when the variable named by secretEnv is unset, naming it and pointing at the option", async () => {
    const options = { url: "https://hooks.example/ao", secretEnv: "MY_HOOK_SECRET" };
    const [check] = await doctorOf(
      "notifier",
      "webhook",
      options,
      checkContext({ MY_HOOK_SECRET: undefined }),
    );
    expect(check).toMatchObject({ status: "fail", option: ["secretEnv"] });
    expect(check?.detail).toContain("MY_HOOK_SECRET is not set");
    expect(check?.fix).toContain("export MY_HOOK_SECRET=");
    const [ok] = await doctorOf(
      "notifier",
      "webhook",
      options,
      checkContext({ MY_HOOK_SECRET: "s3cret-value" }),
    );
    expect(ok).toMatchObject({ status: "ok", detail: "MY_HOOK_SECRET is set" });
    expect(JSON.stringify(ok)).not.toContain("s3cret-value");
  });
});
