import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";

// These run the built binary: `npm run build` first (npm test does).
const ORIGINAL = new URL("../fixtures/original-ao/", import.meta.url);

function placed(fixture: string) {
  const cwd = makeTempDir("ao-cli-original-");
  const file = join(cwd, "agent-orchestrator.yaml");
  copyFileSync(new URL(fixture, ORIGINAL), file);
  const env = {
    AO_HOME: makeTempDir("ao-home-"),
    HOME: cwd,
    SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/x",
  };
  return { cwd, file, env };
}

interface Validated {
  ok: boolean;
  keyWarnings?: { path: string; line: number; column: number; message: string }[];
  errors?: { path: string; line: number; column: number; message: string }[];
}

describe("a config written for the original ao, through the ao binary", () => {
  it("validates with exit 0 and a warning per key path; migrate --write leaves none", () => {
    const { cwd, file, env } = placed("every-key.yaml");
    const validated = runAo(["config", "validate"], { cwd, env });
    expect(validated.exitCode).toBe(0);
    expect(validated.stdout).toBe(`ok: ${file} (2 projects)\n`);
    expect(validated.stderr).toContain(
      "warning: agent-orchestrator.yaml:50:5 projects.storefront.sessionPrefix: ao's session ids are lower-case letters, digits and '-': ao uses store-web",
    );
    expect(validated.stderr).toContain(
      "hint: `ao config migrate --write` rewrites these keys the way ao reads them",
    );
    const json = JSON.parse(runAo(["config", "validate", "--json"], { cwd, env }).stdout) as Validated;
    expect(json.keyWarnings).toHaveLength(29);
    // Any other command loads it too, saying the same once on stderr; stdout keeps its result.
    const shown = runAo(["config", "show", "--json"], { cwd, env });
    expect(shown.exitCode).toBe(0);
    expect(shown.stderr).toContain("warning: agent-orchestrator.yaml:6:1 terminalPort:");
    expect(JSON.parse(shown.stdout)).toMatchObject({ power: { preventIdleSleep: true } });

    const listed = runAo(["config", "migrate"], { cwd, env });
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.split("\n")[0]).toBe(
      `agent-orchestrator.yaml:3:1 "$schema": points editors at the original ao's schema, which rejects ao's own keys; \`ao config schema > ao.schema.json\` writes ao's to point $schema at; removed`,
    );
    expect(listed.stderr).toContain("hint: ao config migrate --write  (applies these 29 edits)");
    expect(readFileSync(file, "utf8")).toContain("terminalPort: 14800"); // not written
    const written = runAo(["config", "migrate", "--write"], { cwd, env });
    expect(written.stderr).toBe(`wrote ${file} (29 edits)\n`);
    const after = runAo(["config", "validate", "--json"], { cwd, env });
    expect(after.exitCode).toBe(0);
    expect((JSON.parse(after.stdout) as Validated).keyWarnings).toEqual([]);
    const quiet = runAo(["config", "validate"], { cwd, env }).stderr;
    expect(quiet).not.toContain("removed");
    expect(quiet).not.toContain("ao config migrate");
    expect(runAo(["config", "migrate"], { cwd, env }).stderr).toBe(
      `nothing to migrate: ${file} has no keys written for the original ao\n`,
    );
  });

  it("reports a built-in plugin's wrong option at validate time with file:line:column (exit 2)", () => {
    const cwd = makeTempDir("ao-cli-original-");
    writeFileSync(
      join(cwd, "agent-orchestrator.yaml"),
      [
        "projects:",
        "  app:",
        "    path: .",
        "    tracker:",
        "      plugin: linear",
        "      teamKey: ENG",
        "notifiers:",
        "  chat:",
        "    plugin: slack",
        "    webhook: not a url",
        "",
      ].join("\n"),
    );
    const env = { AO_HOME: makeTempDir("ao-home-"), HOME: cwd };
    const result = runAo(["config", "validate"], { cwd, env });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      "agent-orchestrator.yaml:6:7 projects.app.tracker.teamKey: unknown key (expected one of: apiUrl, team, teamId, startedState, states)",
    );
    expect(result.stderr).toContain(
      "agent-orchestrator.yaml:10:14 notifiers.chat.webhook: expected an http(s) URL (a Slack incoming webhook)",
    );
    const json = JSON.parse(runAo(["config", "validate", "--json"], { cwd, env }).stdout) as Validated;
    expect(json.ok).toBe(false);
    expect(json.errors?.map((error) => `${error.line}:${error.column} ${error.path}`)).toEqual([
      "6:7 projects.app.tracker.teamKey",
      "10:14 notifiers.chat.webhook",
    ]);
  });
});
