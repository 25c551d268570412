import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { migrateConfig } from "../../../src/core/config/migrate-config.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** Configurations written the way the original ao's docs and examples write theirs (issue 17). */
const FIXTURES = new URL("../../fixtures/original-ao/", import.meta.url);
const SLACK = "https://hooks.slack.com/services/T000/B000/original";

function placed(name: string): { dir: string; file: string; ctx: Parameters<typeof loadConfig>[0] } {
  const dir = makeTempDir("ao-original-");
  const file = join(dir, "agent-orchestrator.yaml");
  copyFileSync(new URL(name, FIXTURES), file);
  return {
    dir,
    file,
    ctx: { catalog: builtinCatalog, cwd: dir, env: { HOME: dir, SLACK_WEBHOOK_URL: SLACK } },
  };
}

describe("a configuration written for the original ao", () => {
  it("loads every key of the original's schema, with one warning per key ao reads its own way", async () => {
    const { ctx, dir } = placed("every-key.yaml");
    const loaded = await loadConfig(ctx, {});
    expect(loaded.warnings.map((warning) => `${warning.line} ${warning.path}`)).toEqual([
      '3 "$schema"',
      "6 terminalPort",
      "7 directTerminalPort",
      "8 readyThresholdMs",
      "22 defaults.orchestrator",
      "24 defaults.worker",
      "28 plugins[0]",
      "33 plugins[1]",
      "36 plugins[2]",
      "42 dashboard.attentionZones",
      "46 projects.storefront.name",
      "50 projects.storefront.sessionPrefix",
      "51 projects.storefront.storageKey",
      "52 projects.storefront.originUrl",
      "61 projects.storefront.scm.webhook",
      "73 projects.storefront.agentConfig.permissions",
      "75 projects.storefront.agentConfig.orchestratorModel",
      "76 projects.storefront.agentConfig.opencodeSessionId",
      "77 projects.storefront.orchestrator",
      "81 projects.storefront.worker",
      "84 projects.storefront.worker.agentConfig.permissions",
      "90 projects.storefront.reactions.agent-idle",
      "95 projects.storefront.orchestratorRules",
      "97 projects.storefront.orchestratorSessionStrategy",
      "98 projects.storefront.opencodeIssueSessionStrategy",
      "105 projects.house.scm.package",
      "120 notificationRouting.digest",
      "137 reactions.all-complete.includeSummary",
      "138 reactions.bugbot-comments",
    ]);
    expect(loaded.warnings.find((w) => w.path === "projects.storefront.sessionPrefix")?.message).toBe(
      "ao's session ids are lower-case letters, digits and '-': ao uses store-web",
    );
    const { config } = loaded;
    const storefront = config.projects["storefront"]!;
    const house = config.projects["house"]!;
    // What carries over, with the original's meaning.
    expect(config.port).toBe(3100);
    expect(config.power).toEqual({ preventIdleSleep: true });
    expect(config.lifecycle).toEqual({ autoCleanupOnMerge: true, mergeCleanupIdleGraceMs: 120_000 });
    expect(config.defaults.agent).toBe("codex");
    expect(storefront.agent).toEqual({ plugin: "codex" });
    expect(storefront.agentConfig).toEqual({ permissions: "default", model: "gpt-5-codex", autoAllow: [] });
    expect(storefront.sessionPrefix).toBe("store-web");
    expect(storefront.defaultBranch).toBe("trunk");
    expect(storefront.path).toBe(join(dir, "code/storefront"));
    expect(storefront.tracker).toEqual({ plugin: "linear", teamId: "6f1c1a52-3f0e-4a53-9d6b-2b8f0d8a7c11" });
    expect(storefront.scm).toEqual({ plugin: "github" });
    expect(storefront.reactions["approved-and-green"]).toMatchObject({ auto: true, action: "auto-merge" });
    expect(config.daemon.webhookSecretEnv).toBe("STOREFRONT_HOOK_SECRET");
    expect(house.tracker).toEqual({ plugin: "./plugins/house-tracker" });
    expect(house.scm).toEqual({ plugin: "@acme/ao-scm-gitea" });
    expect(config.notifiers["security"]).toEqual({ plugin: "@acme/ao-notifier-security" });
    expect(config.notifiers["slack"]).toEqual({ plugin: "slack", webhook: SLACK, channel: "#agent-updates" });
    expect(config.notificationRouting.warning).toEqual(["slack", "security"]);
  });

  it("loads the original's smaller examples, warning only about what ao reads differently", async () => {
    const linear = await loadConfig(placed("linear-team.yaml").ctx, {});
    expect(linear.warnings.map((warning) => warning.path)).toEqual(['"$schema"']);
    const two = await loadConfig(placed("two-projects.yaml").ctx, {});
    expect(two.warnings.map((warning) => warning.path)).toEqual([
      '"$schema"',
      "projects.web.name",
      "projects.api.name",
    ]);
  });

  it("accepts $schema pointing anywhere else without a word", async () => {
    const dir = makeTempDir("ao-original-");
    writeFileSync(
      join(dir, "agent-orchestrator.yaml"),
      "$schema: ./ao.schema.json\nprojects:\n  app:\n    path: .\n",
    );
    const loaded = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: { HOME: dir } }, {});
    expect(loaded.warnings).toEqual([]);
  });

  it("is printed once per file on the context's stderr, with the way out", async () => {
    const { ctx } = placed("two-projects.yaml");
    let printed = "";
    const stderr = { write: (chunk: string) => (printed += chunk) };
    await loadConfig({ ...ctx, stderr }, {});
    await loadConfig({ ...ctx, stderr }, {});
    expect(printed).toBe(
      [
        `warning: agent-orchestrator.yaml:2:1 "$schema": points editors at the original ao's schema, which rejects ao's own keys; \`ao config schema > ao.schema.json\` writes ao's to point $schema at; removed`,
        "warning: agent-orchestrator.yaml:12:5 projects.web.name: ao shows a project by its id (the key above); the display name is not used; removed",
        "warning: agent-orchestrator.yaml:19:5 projects.api.name: ao shows a project by its id (the key above); the display name is not used; removed",
        "hint: `ao config migrate --write` rewrites these keys the way ao reads them",
        "",
      ].join("\n"),
    );
  });
});

describe("migrateConfig", () => {
  it("turns every fixture into a file that loads with no warnings and the same configuration", async () => {
    for (const name of ["every-key.yaml", "linear-team.yaml", "two-projects.yaml"]) {
      const { ctx, file } = placed(name);
      const before = await loadConfig(ctx, {});
      const shown = await migrateConfig(ctx, {});
      expect(readFileSync(file, "utf8")).not.toBe(shown.text); // shown, not written
      expect(shown.changes.map((change) => change.path)).toEqual(
        before.warnings.map((warning) => warning.path),
      );
      const written = await migrateConfig(ctx, { write: true });
      expect(written.written).toBe(true);
      const after = await loadConfig(ctx, {});
      expect(after.warnings).toEqual([]);
      expect(after.config).toEqual(before.config);
      expect((await migrateConfig(ctx, {})).changes).toEqual([]);
    }
  });

  it("keeps comments, the header above a removed first key, and ${VAR} references unsubstituted", async () => {
    const { ctx, file } = placed("every-key.yaml");
    await migrateConfig(ctx, { write: true });
    const text = readFileSync(file, "utf8");
    expect(text.startsWith("# Written for the original ao (ComposioHQ/agent-orchestrator)")).toBe(true);
    expect(text).toContain("preventIdleSleep: true # keep the laptop awake while agents run");
    expect(text).toContain("mergeCleanupIdleGraceMs: 120000 # two minutes");
    expect(text).toContain("webhook: ${SLACK_WEBHOOK_URL}");
    expect(text).not.toContain("$schema");
    expect(text).not.toMatch(/^\s*orchestrator(Rules|SessionStrategy)?:/m);
    expect(text).toContain("webhookSecretEnv: STOREFRONT_HOOK_SECRET");
  });
});
