import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeBinDir } from "../helpers/bin-dir.js";
import { makeTestRepo } from "../helpers/git-repo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { eventually } from "./e2e-fixture.js";

const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/** A local-mode project whose notifications go to a webhook notifier signing with OPS_HOOK_SECRET. */
function world() {
  const home = makeTempDir("ao-home-");
  const repo = makeTestRepo();
  const configDir = makeTempDir("ao-cfg-");
  const config = join(configDir, "agent-orchestrator.yaml");
  writeFileSync(
    config,
    [
      "port: 0", //                                        1
      "daemon:", //                                        2
      "  pollInterval: 1h", //                             3
      "projects:", //                                      4
      "  app:", //                                         5
      `    path: ${repo.dir}`, //                          6
      "    runtime: process", //                           7
      "    tracker: local", //                             8
      "    scm: local", //                                 9
      "notifiers:", //                                     10
      "  ops:", //                                         11
      "    plugin: webhook", //                            12
      "    url: http://127.0.0.1:9/ao", //                 13
      "    secretEnv: OPS_HOOK_SECRET", //                 14
      "defaults:", //                                      15
      "  notifiers: [ops]", //                             16
      "",
    ].join("\n"),
  );
  // The agent's CLI is on PATH; tmux (for the terminal) is not needed for this project to run.
  const PATH = `${makeBinDir({ fake: { claude: "exit 0" } })}:${process.env["PATH"] ?? ""}`;
  const env = { AO_HOME: home, NO_COLOR: "1", PATH, OPS_HOOK_SECRET: undefined };
  return { home, configDir, env, ao: (args: string[]) => runAo(args, { cwd: configDir, env }) };
}

const WARNING =
  "warning: webhook notifier secret: OPS_HOOK_SECRET is not set: the webhook notifier signs every notification with it " +
  "(at agent-orchestrator.yaml:14:16 notifiers.ops.secretEnv); fix: export OPS_HOOK_SECRET=";

describe(
  "ao start says before its first cycle what a configured plugin cannot do",
  { timeout: 120_000 },
  () => {
    it("warns about a webhook notifier whose secret is unset, naming the variable, and starts anyway", async () => {
      const w = world();
      const result = w.ao(["start", "--json"]);
      expect(result.exitCode, result.stderr).toBe(0);
      const json = JSON.parse(result.stdout) as {
        pid: number;
        log: string;
        warnings: { id: string; status: string; source: { keyPath: string } }[];
      };
      started.push(json.pid);
      expect(result.stderr).toContain(WARNING);
      expect(json.warnings).toContainEqual(
        expect.objectContaining({
          id: "notifier:webhook:OPS_HOOK_SECRET",
          status: "fail",
          source: expect.objectContaining({ keyPath: "notifiers.ops.secretEnv" }) as unknown,
        }),
      );
      // The daemon itself says it too, in its log, before it is ready and before any cycle.
      const log = await eventually(() => {
        const text = readFileSync(json.log, "utf8");
        return text.includes("daemon ready") ? text : undefined;
      }, "the daemon to be ready");
      const warned = log.indexOf("OPS_HOOK_SECRET is not set");
      expect(warned).toBeGreaterThan(-1);
      expect(warned).toBeLessThan(log.indexOf("daemon ready"));
      expect(w.ao(["stop"]).exitCode).toBe(0);
    });

    it("has nothing to say once the variable is set", () => {
      const w = world();
      const env = { ...w.env, OPS_HOOK_SECRET: "a-long-random-secret" };
      const result = runAo(["start", "--json"], { cwd: w.configDir, env });
      expect(result.exitCode, result.stderr).toBe(0);
      const json = JSON.parse(result.stdout) as { pid: number; warnings: { id: string }[] };
      started.push(json.pid);
      expect(json.warnings.map((check) => check.id)).not.toContain("notifier:webhook:OPS_HOOK_SECRET");
      expect(result.stderr).not.toContain("OPS_HOOK_SECRET");
      expect(runAo(["stop"], { cwd: w.configDir, env }).exitCode).toBe(0);
    });
  },
);
