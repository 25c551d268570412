import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { isAoError } from "../../../src/core/errors.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

const PROJECT = "projects:\n  app:\n    path: .\n";

async function load(text: string) {
  const dir = makeTempDir("ao-config-");
  writeFileSync(join(dir, "agent-orchestrator.yaml"), text);
  return loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
}

async function problemsOf(text: string): Promise<string[]> {
  const error = await load(text).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  const issues = (
    error.details as { issues: { line: number; column: number; path: string; message: string }[] }
  ).issues;
  return issues.map((i) => `${i.line}:${i.column} ${i.path}: ${i.message}`);
}

describe("loadConfig: the daemon section", () => {
  it("defaults every daemon setting when the section is absent", async () => {
    const { config } = await load(PROJECT);
    expect(config.daemon).toEqual({
      pollIntervalMs: 30_000,
      webhookSecretEnv: "AO_GITHUB_WEBHOOK_SECRET",
      stopTimeoutMs: 30_000,
      watchFiles: true,
    });
    expect(config.port).toBe(3000);
  });

  it("normalises durations to milliseconds and accepts port 0 (any free port)", async () => {
    const { config } = await load(
      `port: 0\ndaemon:\n  pollInterval: 1s\n  webhookSecretEnv: MY_HOOK_SECRET\n  stopTimeout: 2m\n  watchFiles: false\n${PROJECT}`,
    );
    expect(config.port).toBe(0);
    expect(config.daemon).toEqual({
      pollIntervalMs: 1_000,
      webhookSecretEnv: "MY_HOOK_SECRET",
      stopTimeoutMs: 120_000,
      watchFiles: false,
    });
  });

  it("rejects a poll interval under 1s, a secret in place of a variable name, bare numbers and typos", async () => {
    const problems = await problemsOf(
      [
        "port: -1",
        "daemon:",
        "  pollInterval: 500ms",
        "  webhookSecretEnv: s3cr3t-value!",
        "  stopTimeout: 30",
        "  pollIntervall: 5s",
        PROJECT,
      ].join("\n"),
    );
    expect(problems).toEqual([
      "1:7 port: must be at least 0",
      "3:17 daemon.pollInterval: expected at least 1s",
      "4:21 daemon.webhookSecretEnv: expected the NAME of an environment variable (e.g. AO_GITHUB_WEBHOOK_SECRET), not the secret",
      expect.stringMatching(/^5:16 daemon\.stopTimeout: expected a string/) as string,
      '6:3 daemon.pollIntervall: unknown key (did you mean "pollInterval"?)',
    ]);
  });
});
