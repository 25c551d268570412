import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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

describe("ao config validate", () => {
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
    const withEnv = { ...env, SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/x" };
    const result = runAo(["config", "validate"], { cwd, env: withEnv });
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`ok: ${file} (2 projects)\n`);
    const json = runAo(["config", "validate", "--json"], { cwd, env: withEnv });
    expect(JSON.parse(json.stdout)).toEqual({ ok: true, path: file, projects: 2 });
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
