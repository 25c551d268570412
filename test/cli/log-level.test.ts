import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { emptyCatalog } from "../../src/core/registry/catalog.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { captureStream } from "../helpers/test-context.js";

/** `ao doctor` runs git (one debug `exec` record) and logs its summary at info. */
async function doctor(env: Record<string, string>) {
  const home = makeTempDir("ao-log-level-");
  const stderr = captureStream();
  const exitCode = await runCli({
    argv: ["doctor"],
    env: { AO_HOME: home, HOME: home, PATH: process.env["PATH"] ?? "", NO_COLOR: "1", ...env },
    cwd: home,
    stdout: captureStream(),
    stderr,
    catalog: emptyCatalog(),
    version: "9.9.9",
  });
  const log = join(home, "logs", "ao.log");
  return { exitCode, stderr: stderr.text(), log: existsSync(log) ? readFileSync(log, "utf8") : "" };
}

describe("AO_LOG_LEVEL", () => {
  it("keeps ao.log at info by default, and adds exec's debug lines when set to debug", async () => {
    const quiet = await doctor({});
    expect(quiet.log).toContain('"msg":"doctor"');
    expect(quiet.log).not.toContain('"msg":"exec"');
    const loud = await doctor({ AO_LOG_LEVEL: "debug" });
    expect(loud.log).toContain('"msg":"exec"');
  });

  it("is a usage error (exit 2) when it is not a level", async () => {
    const result = await doctor({ AO_LOG_LEVEL: "trace" });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('AO_LOG_LEVEL="trace" is not a log level');
    expect(result.stderr).toContain("debug, info, warn, error");
  });
});

describe("--debug", () => {
  it("hands AO_LOG_LEVEL=debug to the processes ao starts (a background daemon, the demo's sandbox)", async () => {
    // A git on PATH that notes the level it was given, then does what git does.
    const bin = makeTempDir("ao-log-level-bin-");
    const seen = join(bin, "seen");
    const realGit = process.env["PATH"]?.split(":").find((dir) => existsSync(join(dir, "git")));
    writeFileSync(
      join(bin, "git"),
      `#!/bin/sh\nprintf '%s\\n' "\${AO_LOG_LEVEL:-unset}" >> "${seen}"\nexec "${realGit ?? "/usr/bin"}/git" "$@"\n`,
    );
    chmodSync(join(bin, "git"), 0o755);
    const home = makeTempDir("ao-log-level-");
    const run = (argv: string[]) =>
      runCli({
        argv,
        env: { AO_HOME: home, HOME: home, PATH: `${bin}:${process.env["PATH"] ?? ""}`, NO_COLOR: "1" },
        cwd: home,
        stdout: captureStream(),
        stderr: captureStream(),
        catalog: emptyCatalog(),
        version: "9.9.9",
      });
    await run(["doctor"]);
    expect(readFileSync(seen, "utf8").trim().split("\n")).toContain("unset");
    writeFileSync(seen, "");
    await run(["--debug", "doctor"]);
    const levels = readFileSync(seen, "utf8").trim().split("\n");
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels)).toEqual(new Set(["debug"]));
  });
});
