import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { maskedConfig } from "../../../src/core/config/show-config.js";
import { isAoError } from "../../../src/core/errors.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

const PROJECT = "projects:\n  app:\n    path: .\n";

async function load(text: string) {
  const dir = makeTempDir("ao-config-");
  writeFileSync(join(dir, "agent-orchestrator.yaml"), text);
  return loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
}

describe("loadConfig: the controlPlane section", () => {
  it("is off by default, with a 40 s bound, an hour of retention and no HTTP", async () => {
    const { config } = await load(PROJECT);
    const off = {
      enabled: false,
      sendBoundMs: 40_000,
      replyRetentionMs: 3_600_000,
      http: false,
      planRevisionCooldownMs: 120_000,
      commanderApprovals: "none",
    };
    expect(config.controlPlane).toEqual(off);
    expect(config.projects["app"]?.controlPlane).toEqual(off);
  });

  it("takes the top-level section and lets a project override enabled, bound and retention", async () => {
    const { config } = await load(
      [
        "controlPlane:",
        "  enabled: true",
        "  sendBoundS: 30",
        "  replyRetention: 2h",
        "  http: true",
        "  commanderApprovals: read-only",
        "projects:",
        "  app:",
        "    path: .",
        "    controlPlane:",
        "      enabled: false",
        "      replyRetention: 10m",
        "      commanderApprovals: none",
        "  lib:",
        "    path: .",
        "    sessionPrefix: lib",
        "",
      ].join("\n"),
    );
    expect(config.controlPlane).toEqual({
      enabled: true,
      sendBoundMs: 30_000,
      replyRetentionMs: 7_200_000,
      http: true,
      planRevisionCooldownMs: 120_000,
      commanderApprovals: "read-only",
    });
    expect(config.projects["app"]?.controlPlane).toEqual({
      enabled: false,
      sendBoundMs: 30_000,
      replyRetentionMs: 600_000,
      http: true,
      planRevisionCooldownMs: 120_000,
      commanderApprovals: "none",
    });
    expect(config.projects["lib"]?.controlPlane).toMatchObject({
      enabled: true,
      commanderApprovals: "read-only",
    });
  });

  it("refuses a bound of 0, a retention under a minute, an unknown approval level and http inside a project, naming each key", async () => {
    const error = await load(
      [
        "controlPlane:",
        "  sendBoundS: 0",
        "  replyRetention: 10s",
        "  commanderApprovals: everything",
        "projects:",
        "  app:",
        "    path: .",
        "    controlPlane:",
        "      http: true",
        "",
      ].join("\n"),
    ).catch((caught: unknown) => caught);
    if (!isAoError(error)) throw new Error("expected an AoError");
    const issues = (error.details as { issues: { path: string; line: number }[] }).issues;
    expect(issues.map((issue) => `${issue.line} ${issue.path}`)).toEqual([
      "2 controlPlane.sendBoundS",
      "3 controlPlane.replyRetention",
      "4 controlPlane.commanderApprovals",
      "9 projects.app.controlPlane.http",
    ]);
  });

  it("is shown as written: seconds and durations, not milliseconds", async () => {
    const loaded = await load(`controlPlane:\n  enabled: true\n${PROJECT}`);
    const shown = await maskedConfig(loaded);
    expect(shown["controlPlane"]).toEqual({
      enabled: true,
      sendBoundS: 40,
      replyRetention: "1h",
      commanderApprovals: "none",
      http: false,
    });
  });
});
