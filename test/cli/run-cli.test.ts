import { describe, expect, it } from "vitest";
import { emptyCatalog } from "../../src/core/registry/catalog.js";
import { runCli } from "../../src/cli/run-cli.js";
import { captureStream } from "../helpers/test-context.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { AO_BIN, runAo } from "../helpers/run-ao.js";

async function run(argv: string[]) {
  const stdout = captureStream();
  const stderr = captureStream();
  const home = makeTempDir();
  const exitCode = await runCli({
    argv,
    env: { AO_HOME: home, NO_COLOR: "1" },
    cwd: home,
    stdout,
    stderr,
    catalog: emptyCatalog(),
    version: "9.9.9",
  });
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}

describe("the ao command shell", () => {
  it("prints help on stdout and exits 0", async () => {
    const result = await run(["--help"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Usage: ao");
  });

  it("exits 2 on an unknown command, with a suggestion on stderr", async () => {
    const result = await run(["frobnicate"]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/error: (unknown command|too many arguments)/);
  });

  it("exits 2 on an unknown option", async () => {
    const result = await run(["--frobnicate"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("unknown option");
  });
});

describe("the built binary", () => {
  it("answers --version with the package version", () => {
    const home = makeTempDir();
    const result = runAo(["--version"], { cwd: home, env: { AO_HOME: home } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(AO_BIN).toMatch(/bin\/ao\.js$/);
  });
});

describe("usage errors in subcommands", () => {
  it("exit 2 through the one handler, not commander's own exit", async () => {
    const unknownSub = await run(["config", "valdate"]);
    expect(unknownSub.exitCode).toBe(2);
    expect(unknownSub.stderr).toContain("validate");
    const badOption = await run(["config", "validate", "--frobnicate"]);
    expect(badOption.exitCode).toBe(2);
    expect(badOption.stderr).toContain("unknown option");
  });
});
