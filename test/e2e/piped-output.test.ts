import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { writeLargeFleet } from "../web/large-fleet-world.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * Runs the built ao with stdout to a pipe nobody reads until ao has exited or a while has passed:
 * a slow reader, like `ao status --json | ssh host cat`. Everything ao wrote must still arrive.
 */
function runWithSlowReader(e2e: E2e, args: string[]): Promise<{ exitCode: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AO_BIN, ...args], {
      cwd: e2e.configDir,
      env: { ...e2e.env, AO_SPAWN_WATCH_MS: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.pause();
    let exitCode = -1;
    const chunks: Buffer[] = [];
    const startReading = (): void => {
      child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.stdout.resume();
    };
    // Reading starts when ao exits (it had cut its output short) or after a pause (it waits).
    const pause = setTimeout(startReading, 3_000);
    child.on("exit", (code) => {
      exitCode = code ?? -1;
      clearTimeout(pause);
      if (!child.stdout.isPaused()) return;
      startReading();
    });
    child.on("error", reject);
    child.on("close", () => resolve({ exitCode, stdout: Buffer.concat(chunks).toString("utf8") }));
  });
}

describe("output to a pipe", () => {
  it(
    "prints all of a large --json document to a slow reader before exiting",
    { timeout: 60_000 },
    async () => {
      const e2e = makeE2e();
      e2e.writeConfig("tracker: local");
      const body = "The login page returns 500 when the session cookie is stale.\n".repeat(5_000);
      writeFileSync(join(e2e.userHome, "body.md"), body);
      const filed = e2e.ao(["issue", "new", "Large issue", "--body-file", join(e2e.userHome, "body.md")]);
      expect(filed.exitCode, filed.stderr).toBe(0);

      const shown = await runWithSlowReader(e2e, ["issue", "show", "1", "--json"]);
      expect(shown.stdout.length).toBeGreaterThan(300_000);
      expect(shown.exitCode).toBe(0);
      const parsed = JSON.parse(shown.stdout) as { issue: { body: string } };
      expect(parsed.issue.body.trim()).toBe(body.trim());
    },
  );

  it(
    "prints every session of `ao status --json` and `ao session ls --json` past 80 KiB",
    { timeout: 120_000 },
    async () => {
      // The issue's sizes: both were cut at 64–80 KiB when piped. 300 rows make each well past that.
      const { e2e } = writeLargeFleet(300);
      for (const args of [
        ["status", "--json"],
        ["session", "ls", "--all", "--json"],
      ]) {
        const shown = await runWithSlowReader(e2e, args);
        expect(shown.exitCode, args.join(" ")).toBe(0);
        expect(shown.stdout.length, args.join(" ")).toBeGreaterThan(80 * 1024);
        const parsed = JSON.parse(shown.stdout) as { sessions: { id: string }[] };
        expect(parsed.sessions.map((session) => session.id)).toHaveLength(300);
      }
    },
  );
});
