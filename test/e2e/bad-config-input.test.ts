import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { ALIAS_BOMB } from "../fixtures/config/alias-bomb.js";

describe("ao with a hostile configuration file", () => {
  it("an alias bomb is a configuration error (exit 2) and --json output stays JSON", () => {
    const dir = makeTempDir("ao-cfg-");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), ALIAS_BOMB);
    const env = { AO_HOME: makeTempDir("ao-home-"), NO_COLOR: "1" };
    const result = runAo(["config", "validate", "--json"], { cwd: dir, env });
    expect(result.stderr).not.toContain("this is a bug in ao");
    expect(result.exitCode).toBe(2);
    const json = JSON.parse(result.stdout) as { ok: boolean; errors: { line: number; message: string }[] };
    expect(json.ok).toBe(false);
    expect(json.errors[0]?.message).toContain("YAML aliases expand to more than");
    expect(result.stderr).toMatch(/agent-orchestrator\.yaml:\d+:\d+: YAML aliases expand/);
    const show = runAo(["config", "show", "--json"], { cwd: dir, env });
    expect(show.exitCode).toBe(2);
    expect((JSON.parse(show.stdout) as { error: { code: string } }).error.code).toBe("E_CONFIG_INVALID");
  });
});
