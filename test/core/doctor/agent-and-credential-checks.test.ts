import { describe, expect, it } from "vitest";
import { checkAgents } from "../../../src/core/doctor/check-agents.js";
import { checkCredentials } from "../../../src/core/doctor/check-credentials.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { makeBinDir } from "../../helpers/bin-dir.js";

const TOKEN = "ghp_doctorTestToken0123456789abcdefABCDEF";

describe("checkAgents", () => {
  it("checks each configured agent and names the install command of a missing one", async () => {
    const ctx = makeTestContext({ env: { PATH: makeBinDir({ fake: { claude: "exit 0" } }) } });
    const checks = await checkAgents(ctx, ["claude-code", "codex", "claude-code", "aider", "command"]);
    expect(checks.map((check) => [check.id, check.status, check.fix])).toEqual([
      ["agent:claude-code", "ok", undefined],
      ["agent:codex", "fail", "npm i -g @openai/codex"],
      ["agent:aider", "fail", "pipx install aider-chat"],
    ]);
  });

  it.each([
    ["gemini", "npm i -g @google/gemini-cli"],
    ["opencode", "npm i -g opencode-ai"],
    ["claude-code", "npm i -g @anthropic-ai/claude-code"],
  ])("%s missing → %s", async (plugin, fix) => {
    const ctx = makeTestContext({ env: { PATH: makeBinDir() } });
    expect((await checkAgents(ctx, [plugin]))[0]?.fix).toBe(fix);
  });

  it("without a config lists what is installed, and warns when nothing is", async () => {
    const some = makeTestContext({
      env: { PATH: makeBinDir({ fake: { codex: "exit 0", gemini: "exit 0" } }) },
    });
    const [found] = await checkAgents(some, undefined);
    expect(found).toMatchObject({ id: "agents", status: "ok" });
    expect(found?.detail).toBe("found codex (codex), gemini (gemini)");
    const none = makeTestContext({ env: { PATH: makeBinDir() } });
    expect((await checkAgents(none, undefined))[0]).toMatchObject({
      status: "warn",
      fix: "npm i -g @anthropic-ai/claude-code",
    });
  });
});

describe("checkCredentials", () => {
  const github = { name: "github", options: {} };

  it("fails for GitHub without a token or a logged-in gh", async () => {
    const ctx = makeTestContext({
      env: { PATH: makeBinDir(), GITHUB_TOKEN: undefined, GH_TOKEN: undefined },
    });
    const [check] = await checkCredentials(ctx, [github, { name: "github", options: {} }]);
    expect(check).toMatchObject({ id: "credentials:github:github.com", status: "fail" });
    expect(check?.fix).toContain("gh auth login");
  });

  it.each(["GITHUB_TOKEN", "GH_TOKEN"])("is ok with %s set and never shows its value", async (variable) => {
    const ctx = makeTestContext({
      env: { PATH: makeBinDir(), GITHUB_TOKEN: undefined, GH_TOKEN: undefined, [variable]: TOKEN },
    });
    const checks = await checkCredentials(ctx, [github]);
    expect(checks[0]).toMatchObject({ status: "ok", detail: `${variable} is set` });
    expect(JSON.stringify(checks)).not.toContain(TOKEN);
  });

  it("accepts a logged-in gh, asking the enterprise host when the API URL names one", async () => {
    const gh = `if [ "$3" = "--hostname" ] && [ "$4" != "github.acme.corp" ]; then exit 1; fi; echo ${TOKEN}`;
    const ctx = makeTestContext({
      env: { PATH: makeBinDir({ fake: { gh } }), GITHUB_TOKEN: undefined, GH_TOKEN: undefined },
    });
    const checks = await checkCredentials(ctx, [
      github,
      { name: "github", options: { apiUrl: "https://github.acme.corp/api/v3" } },
    ]);
    expect(checks.map((check) => [check.id, check.status, check.detail])).toEqual([
      ["credentials:github:github.com", "ok", "gh is logged in to github.com"],
      ["credentials:github:github.acme.corp", "ok", "gh is logged in to github.acme.corp"],
    ]);
    expect(JSON.stringify(checks)).not.toContain(TOKEN);
    expect(JSON.stringify(ctx.logger.records)).not.toContain(TOKEN);
  });

  it("fails when gh is installed but not logged in, with the enterprise host in the fix", async () => {
    const ctx = makeTestContext({
      env: {
        PATH: makeBinDir({ fake: { gh: "echo 'not logged in' >&2; exit 1" } }),
        GITHUB_TOKEN: undefined,
        GH_TOKEN: undefined,
      },
    });
    const [check] = await checkCredentials(ctx, [
      { name: "github", options: { apiUrl: "https://ghe.example/api/v3" } },
    ]);
    expect(check).toMatchObject({
      status: "fail",
      fix: "gh auth login --hostname ghe.example  (or export GITHUB_TOKEN=<token>)",
    });
  });

  it("checks LINEAR_API_KEY for linear and nothing for local", async () => {
    const without = makeTestContext({ env: { LINEAR_API_KEY: undefined } });
    const targets = [
      { name: "linear", options: {} },
      { name: "local", options: {} },
    ];
    expect(await checkCredentials(without, targets)).toEqual([
      expect.objectContaining({
        id: "credentials:linear",
        status: "fail",
        fix: expect.stringContaining("LINEAR_API_KEY") as unknown,
      }),
    ]);
    const withKey = makeTestContext({ env: { LINEAR_API_KEY: "lin_api_0123456789abcdefghijklmnop" } });
    expect((await checkCredentials(withKey, targets))[0]).toMatchObject({
      status: "ok",
      detail: "LINEAR_API_KEY is set",
    });
  });
});
