import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeBinDir } from "../helpers/bin-dir.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";

// These run the built binary: `npm run build` first (npm test does).
const FIXTURES = new URL("../fixtures/config/", import.meta.url);

/** A directory whose agent-orchestrator.yaml is the named fixture, and an AO_HOME of its own. */
function project(fixture: string): { cwd: string; file: string; env: { AO_HOME: string } } {
  const cwd = makeTempDir("ao-cli-config-");
  const file = join(cwd, "agent-orchestrator.yaml");
  copyFileSync(new URL(fixture, FIXTURES), file);
  return { cwd, file, env: { AO_HOME: makeTempDir("ao-home-") } };
}

interface ValidateJson {
  ok: boolean;
  path: string;
  projects: number | null;
  errors?: { file: string; line: number; column: number; path: string; message: string }[];
}

/** A Claude Code config dir whose `.claude.json` says its first-run set-up was finished. */
function claudeSetUp(): string {
  const dir = makeTempDir("ao-claude-config-");
  writeFileSync(join(dir, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true }));
  return dir;
}

describe("ao config validate", () => {
  it("passes on the shipped agent-orchestrator.yaml.example, in a fresh HOME with no secrets set", () => {
    const { cwd, file, env } = project("../../../agent-orchestrator.yaml.example");
    const result = runAo(["config", "validate", "--json"], {
      cwd,
      env: { ...env, HOME: makeTempDir("ao-user-home-"), SLACK_WEBHOOK_URL: undefined },
    });
    expect(result.stderr).not.toMatch(/^error:/m);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout) as ValidateJson).toMatchObject({ ok: true, path: file, projects: 1 });
  });

  it("refreshes AO_HOME's copy of the schema that configs written by ao init point at", () => {
    const { cwd, env } = project("misspelt-key.yaml");
    const copy = join(env.AO_HOME, "schema", "agent-orchestrator.schema.json");
    mkdirSync(dirname(copy), { recursive: true });
    writeFileSync(copy, '{"title": "an older ao\'s schema"}\n');
    runAo(["config", "validate"], { cwd, env });
    const shipped = fileURLToPath(new URL("../../schema/agent-orchestrator.schema.json", import.meta.url));
    expect(readFileSync(copy, "utf8")).toBe(readFileSync(shipped, "utf8"));
  });

  const cases = [
    {
      fixture: "misspelt-key.yaml",
      line: 'agent-orchestrator.yaml:4:5 projects.app.defaultBrnach: unknown key (did you mean "defaultBranch"?)',
      error: { line: 4, column: 5, path: "projects.app.defaultBrnach" },
    },
    {
      fixture: "wrong-type.yaml",
      line: 'agent-orchestrator.yaml:4:18 projects.app.maxSessions: expected a number, got the string "three"',
      error: { line: 4, column: 18, path: "projects.app.maxSessions" },
    },
    {
      fixture: "missing-env.yaml",
      line: "agent-orchestrator.yaml:7:17 notifiers.team-slack.webhookUrl: environment variable AO_TEST_UNSET_WEBHOOK is not set",
      error: { line: 7, column: 17, path: "notifiers.team-slack.webhookUrl" },
    },
  ];

  for (const { fixture, line, error } of cases) {
    it(`reports ${fixture} with file:line:column and key path, exit 2`, () => {
      const { cwd, env } = project(fixture);
      const result = runAo(["config", "validate"], { cwd, env });
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(line);
      expect(result.stderr).toMatch(/^error: /);
      expect(result.stderr).toContain("hint: ");
    });

    it(`gives the structured errors of ${fixture} with --json`, () => {
      const { cwd, file, env } = project(fixture);
      const result = runAo(["config", "validate", "--json"], { cwd, env });
      expect(result.exitCode).toBe(2);
      const json = JSON.parse(result.stdout) as ValidateJson;
      expect(json).toMatchObject({ ok: false, path: file, projects: null });
      expect(json.errors).toEqual([
        expect.objectContaining({ file, ...error, message: expect.any(String) as string }),
      ]);
    });
  }

  it("prints ok with the path and project count for a valid file", () => {
    const { cwd, file, env } = project("multi-project.yaml");
    const withEnv = {
      ...env,
      SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/x",
      // What the file's plugins need: their programs on PATH and a GitHub token.
      PATH: makeBinDir({
        link: ["tmux"],
        fake: { codex: "exit 0", claude: "exit 0", "notify-send": "exit 0" },
      }),
      DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
      ANTHROPIC_API_KEY: "sk-ant-validateTest",
      OPENAI_API_KEY: "sk-validateTest",
      GITHUB_TOKEN: "ghp_validateTest0123456789abcdefABCDEF",
      LINEAR_API_KEY: "lin_api_validateTest0123456789",
      // Claude Code set up as after its first run (recorded 2.1.332), not this machine's own.
      CLAUDE_CONFIG_DIR: claudeSetUp(),
    };
    const result = runAo(["config", "validate"], { cwd, env: withEnv });
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`ok: ${file} (2 projects)\n`);
    const json = runAo(["config", "validate", "--json"], { cwd, env: withEnv });
    expect(JSON.parse(json.stdout)).toEqual({
      ok: true,
      path: file,
      projects: 2,
      warnings: [],
      keyWarnings: [],
    });
  });

  it("reports what the built-in plugins can see offline as warnings, naming the key path and the fix (exit 0)", () => {
    const cwd = makeTempDir("ao-cli-config-");
    const file = join(cwd, "agent-orchestrator.yaml");
    writeFileSync(
      file,
      [
        "projects:", //                                          1
        "  app:", //                                             2
        "    path: .", //                                        3
        "    runtime: process", //                               4
        "    agent: codex", //                                   5
        "notifiers:", //                                         6
        "  ops:", //                                             7
        "    plugin: webhook", //                                8
        "    url: https://ops.example/ao", //                    9
        "    secretEnv: OPS_HOOK_SECRET", //                     10
        "  pager:", //                                           11
        "    plugin: ./not-installed-here.js", //                12
        "notificationRouting:", //                               13
        "  urgent: [ops, pager]", //                             14
        "",
      ].join("\n"),
    );
    // A bin dir without tmux or codex: the terminal's tmux and the agent's CLI are missing.
    const env = {
      AO_HOME: makeTempDir("ao-home-"),
      PATH: makeBinDir({ link: ["git"] }),
      OPS_HOOK_SECRET: undefined,
    };
    const result = runAo(["config", "validate"], { cwd, env });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`ok: ${file} (1 project)\n`);
    expect(result.stderr).toContain(
      "warning: webhook notifier secret: OPS_HOOK_SECRET is not set: the webhook notifier signs every notification with it (at agent-orchestrator.yaml:10:16 notifiers.ops.secretEnv); fix: export OPS_HOOK_SECRET=",
    );
    expect(result.stderr).toContain(
      "warning: codex CLI (codex): codex not found on PATH (at agent-orchestrator.yaml:5:12 projects.app.agent); fix: npm i -g @openai/codex",
    );
    // An external plugin is not loaded offline; one that is not there is a warning (it may be
    // installed only where the daemon runs), with where ao looked.
    expect(result.stderr).toContain(
      `warning: notifier ./not-installed-here.js: notifier plugin "./not-installed-here.js" not found: ${join(cwd, "not-installed-here.js")} does not exist (agent-orchestrator.yaml:12)`,
    );
    const json = JSON.parse(runAo(["config", "validate", "--json"], { cwd, env }).stdout) as {
      warnings: { id: string; status: string; source: { keyPath: string; line: number; column: number } }[];
    };
    expect(json.warnings.find((check) => check.id === "notifier:webhook:OPS_HOOK_SECRET")).toMatchObject({
      status: "fail",
      source: { keyPath: "notifiers.ops.secretEnv", line: 10, column: 16 },
    });
  });

  it("warns about an agent plugin ao cannot find, saying where ao looks, not to npm install its name", () => {
    const cwd = makeTempDir("ao-cli-config-");
    writeFileSync(
      join(cwd, "agent-orchestrator.yaml"),
      "projects:\n  app:\n    path: .\n    runtime: process\n    agent: cursor\n",
    );
    const result = runAo(["config", "validate"], { cwd, env: { AO_HOME: makeTempDir("ao-home-") } });
    expect(result.exitCode).toBe(0);
    const warning = result.stderr.split("\n").find((line) => line.includes('"cursor"')) ?? "";
    expect(warning).toMatch(
      /^warning: agent cursor: unknown agent plugin "cursor" \(agent-orchestrator.yaml:5\); fix: built-in agent plugins: .*claude-code.*codex/,
    );
    expect(warning).toContain(`npm install --prefix ${cwd} <its package name>`);
    expect(warning).not.toContain("npm install cursor");
  });

  it("honours --config and AO_CONFIG_PATH over the file in the working directory", () => {
    const { cwd, env } = project("misspelt-key.yaml");
    const other = join(makeTempDir("ao-other-"), "elsewhere.yaml");
    writeFileSync(other, "projects:\n  one:\n    path: .\n");
    expect(runAo(["--config", other, "config", "validate"], { cwd, env }).stdout).toBe(
      `ok: ${other} (1 project)\n`,
    );
    expect(runAo(["config", "validate"], { cwd, env: { ...env, AO_CONFIG_PATH: other } }).stdout).toBe(
      `ok: ${other} (1 project)\n`,
    );
  });

  it("says how to start when there is no configuration at all", () => {
    const cwd = makeTempDir("ao-empty-");
    const result = runAo(["config", "validate"], {
      cwd,
      env: { AO_HOME: makeTempDir("ao-home-"), HOME: cwd },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("hint: run `ao init` in your repository, or pass --config");
  });
});

describe("ao config show", () => {
  const SECRET_TOKEN = "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const WEBHOOK = "https://hooks.slack.com/services/T0001/B0001/verysecretpart";

  function showProject() {
    const cwd = makeTempDir("ao-cli-config-");
    writeFileSync(
      join(cwd, "agent-orchestrator.yaml"),
      [
        "projects:",
        "  app:",
        "    path: .",
        "    tracker:",
        "      plugin: github",
        "      auth: ${GITHUB_TOKEN}",
        "notifiers:",
        "  team-slack:",
        "    plugin: slack",
        "    webhookUrl: ${SLACK_WEBHOOK_URL}",
        "",
      ].join("\n"),
    );
    const env = { AO_HOME: makeTempDir("ao-home-"), GITHUB_TOKEN: SECRET_TOKEN, SLACK_WEBHOOK_URL: WEBHOOK };
    return { cwd, env };
  }

  it("prints the resolved config as YAML with secrets masked", () => {
    const { cwd, env } = showProject();
    const result = runAo(["config", "show"], { cwd, env });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`# resolved from ${join(cwd, "agent-orchestrator.yaml")}`);
    expect(result.stdout).toContain(`auth: "[redacted]"`);
    expect(result.stdout).toContain(`webhookUrl: "[redacted]"`);
    expect(result.stdout).toContain("runtime: tmux");
    expect(result.stdout).not.toContain("ABCDEFGHIJ");
    expect(result.stdout).not.toContain("verysecretpart");
  });

  it("prints JSON with --json", () => {
    const { cwd, env } = showProject();
    const result = runAo(["config", "show", "--json"], { cwd, env });
    expect(result.exitCode).toBe(0);
    const config = JSON.parse(result.stdout) as {
      projects: Record<string, { tracker: unknown; reactions: Record<string, { retries: number }> }>;
      notifiers: Record<string, unknown>;
    };
    expect(config.projects["app"]!.tracker).toEqual({ plugin: "github", auth: "[redacted]" });
    expect(config.notifiers["team-slack"]).toEqual({ plugin: "slack", webhookUrl: "[redacted]" });
    expect(config.projects["app"]!.reactions["ci-failed"]!.retries).toBe(2);
  });
});

describe("ao config schema", () => {
  it("prints the committed JSON Schema", () => {
    const cwd = makeTempDir("ao-cli-config-");
    const result = runAo(["config", "schema"], { cwd, env: { AO_HOME: makeTempDir("ao-home-") } });
    expect(result.exitCode).toBe(0);
    const committed = readFileSync(
      new URL("../../schema/agent-orchestrator.schema.json", import.meta.url),
      "utf8",
    );
    expect(result.stdout).toBe(committed);
  });
});
