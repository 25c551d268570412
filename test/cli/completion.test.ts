import { execFileSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnSession } from "../../src/core/sessions/spawn-session.js";
import { makeSessionFixture } from "../core/sessions/session-fixture.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";

// These run the built binary: `npm run build` first (npm test does).
const AO_BIN = new URL("../../bin/ao.js", import.meta.url).pathname;

/** A real bash that sources `ao completion bash` and completes `words` (the last one being typed). */
function complete(script: string, words: string[], env: Record<string, string>): string[] {
  const dir = makeTempDir("ao-completion-");
  writeFileSync(join(dir, "ao.bash"), script);
  const bin = join(dir, "bin");
  execFileSync("mkdir", [bin]);
  writeFileSync(join(bin, "ao"), `#!/bin/sh\nexec "${process.execPath}" "${AO_BIN}" "$@"\n`);
  chmodSync(join(bin, "ao"), 0o755);
  const line = [
    `source ${join(dir, "ao.bash")}`,
    `COMP_WORDS=(${words.map((word) => `'${word}'`).join(" ")})`,
    `COMP_CWORD=${words.length - 1}`,
    "_ao_complete",
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join("\n");
  const out = execFileSync("bash", ["--norc", "--noprofile", "-c", line], {
    env: { ...env, PATH: `${bin}:${process.env["PATH"] ?? ""}` },
    encoding: "utf8",
  });
  return out.split("\n").filter((word) => word !== "");
}

describe("ao completion", () => {
  it("completes commands, subcommands, options, session ids and project ids in a real bash", async () => {
    const f = makeSessionFixture();
    const one = await spawnSession(f.ctx, { project: "app", issue: "First" });
    const two = await spawnSession(f.ctx, { project: "app", issue: "Second" });
    const env = {
      AO_HOME: f.ctx.paths.home,
      HOME: f.ctx.cwd,
      AO_CONFIG_PATH: join(f.ctx.cwd, "agent-orchestrator.yaml"),
    };
    const result = runAo(["completion", "bash"], { cwd: f.ctx.cwd, env });
    expect(result.exitCode).toBe(0);
    const script = result.stdout;
    expect(complete(script, ["ao", "sp"], env)).toEqual(["spawn"]);
    expect(complete(script, ["ao", "session", "k"], env)).toEqual(["kill"]);
    expect(complete(script, ["ao", "send", ""], env).sort()).toEqual([one.id, two.id].sort());
    expect(complete(script, ["ao", "session", "kill", "app-"], env).sort()).toEqual([one.id, two.id].sort());
    expect(complete(script, ["ao", "spawn", ""], env)).toEqual(["app"]);
    expect(complete(script, ["ao", "status", "--j"], env)).toEqual(["--json"]);
    expect(complete(script, ["ao", "upd"], env)).toEqual(["update"]);
    expect(complete(script, ["ao", "update", "--c"], env)).toEqual(["--check"]);
    expect(complete(script, ["ao", "doctor", "--f"], env)).toEqual(["--fix"]);
    expect(complete(script, ["ao", "plugin", "se"], env)).toEqual(["search"]);
    expect(complete(script, ["ao", "veri"], env)).toEqual(["verify"]);
    expect(complete(script, ["ao", "verify", "--f"], env)).toEqual(["--fail"]);
    const listed = runAo(["completion", "--list", "sessions", "--json"], { cwd: f.ctx.cwd, env });
    expect((JSON.parse(listed.stdout) as string[]).sort()).toEqual([one.id, two.id].sort());
  });

  it("prints zsh and fish scripts that offer the same lists, and refuses another shell", () => {
    const env = { AO_HOME: makeTempDir("ao-home-") };
    const cwd = makeTempDir("ao-cwd-");
    expect(runAo(["completion", "zsh"], { cwd, env }).stdout).toContain("bashcompinit");
    const fish = runAo(["completion", "fish"], { cwd, env }).stdout;
    expect(fish).toContain(
      "complete -c ao -n '__fish_seen_subcommand_from send; and test (count (commandline -opc)) -eq 2' -a '(ao completion --list sessions 2>/dev/null)'",
    );
    const refused = runAo(["completion", "tcsh"], { cwd, env });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("ao completion needs a shell: bash, zsh, fish");
    // Nothing to list on a machine with no sessions and no config: empty, exit 0.
    expect(runAo(["completion", "--list", "projects"], { cwd, env: { ...env, HOME: cwd } }).stdout).toBe("");
  });
});
