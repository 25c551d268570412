import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { showConfig } from "../../../src/core/config/show-config.js";
import { REDACTED } from "../../../src/core/redact.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

const CONFIG = [
  "projects:",
  "  app:",
  "    repo: acme/app",
  "    path: .",
  "    tracker:",
  "      plugin: linear",
  "      apiKeyRef: ${LINEAR_TOKEN}",
  "      teamId: ${TEAM:-ENG}",
  "notifiers:",
  "  team-slack:",
  "    plugin: slack",
  "    webhookUrl: https://hooks.slack.com/services/T000/B000/abcdefSECRET",
  "  ops:",
  "    plugin: webhook",
  "    url: ${OPS_HOOK_TOKEN}",
  "reactions:",
  "  pr-closed:",
  '    message: "closed {{pr.url}} ${SHARED_SECRET}"',
  "",
].join("\n");

describe("showConfig", () => {
  it("masks values from secret-named variables, secret-named keys and token patterns", async () => {
    const dir = makeTempDir("ao-config-");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), CONFIG);
    const env = {
      LINEAR_TOKEN: "plain-looking-value-1234",
      OPS_HOOK_TOKEN: "https://ops.example/hook/abc",
      SHARED_SECRET: "s3cr3t",
    };
    const shown = await showConfig({ catalog: builtinCatalog, cwd: dir, env }, {});
    const text = JSON.stringify(shown.config);

    expect(shown.path).toBe(join(dir, "agent-orchestrator.yaml"));
    const projects = shown.config["projects"] as Record<string, Record<string, unknown>>;
    expect(projects["app"]!["tracker"]).toEqual({ plugin: "linear", apiKeyRef: REDACTED, teamId: "ENG" });
    expect(shown.config["notifiers"]).toEqual({
      "team-slack": { plugin: "slack", webhookUrl: REDACTED },
      ops: { plugin: "webhook", url: REDACTED },
    });
    // the top-level reaction and its copy in every project's merged table
    expect(text).not.toContain("s3cr3t");
    expect(text).not.toContain("plain-looking-value-1234");
    expect(text).not.toContain("ops.example");
    expect(text).not.toContain("abcdefSECRET");
    // everything else is the resolved config: defaults applied, no internal id field
    expect(projects["app"]).toMatchObject({
      path: dir,
      defaultBranch: "main",
      runtime: { plugin: "tmux" },
      scm: { plugin: "github" },
    });
    expect(projects["app"]).not.toHaveProperty("id");
    expect(shown.config["port"]).toBe(3000);
    // as written, so the output still loads; the variable name is not itself a secret
    expect(shown.config["daemon"]).toEqual({
      pollInterval: "30s",
      webhookSecretEnv: "AO_GITHUB_WEBHOOK_SECRET",
      stopTimeout: "30s",
      watchFiles: true,
    });
  });

  it("leaves the loaded config itself unmasked", async () => {
    const dir = makeTempDir("ao-config-");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), CONFIG);
    const env = { LINEAR_TOKEN: "t", OPS_HOOK_TOKEN: "u", SHARED_SECRET: "v" };
    const loaded = await loadConfig({ catalog: builtinCatalog, cwd: dir, env }, {});
    expect(loaded.config.notifiers["ops"]).toEqual({ plugin: "webhook", url: "u" });
  });
});
