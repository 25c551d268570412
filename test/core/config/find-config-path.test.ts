import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findConfigPath } from "../../../src/core/config/find-config-path.js";
import { isAoError } from "../../../src/core/errors.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

function touch(path: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "projects: {}\n");
  return path;
}

/** A tree with a candidate at every level of the discovery order. */
function layout() {
  const root = makeTempDir("ao-discovery-");
  const home = join(root, "home");
  const repo = join(root, "repo");
  const cwd = join(repo, "packages", "web", "src");
  mkdirSync(cwd, { recursive: true });
  return {
    root,
    home,
    repo,
    cwd,
    explicit: touch(join(root, "explicit.yaml")),
    fromEnv: touch(join(root, "from-env.yaml")),
    nearest: touch(join(repo, "agent-orchestrator.yaml")),
    global: touch(join(home, ".agent-orchestrator", "config.yaml")),
  };
}

describe("findConfigPath", () => {
  it("prefers --config, then AO_CONFIG_PATH, then the nearest file upwards, then ~/.agent-orchestrator", async () => {
    const t = layout();
    const env = { HOME: t.home, AO_CONFIG_PATH: t.fromEnv };
    expect(await findConfigPath({ cwd: t.cwd, env }, t.explicit)).toBe(t.explicit);
    expect(await findConfigPath({ cwd: t.cwd, env }, undefined)).toBe(t.fromEnv);
    expect(await findConfigPath({ cwd: t.cwd, env: { HOME: t.home } })).toBe(t.nearest);
    expect(await findConfigPath({ cwd: t.home, env: { HOME: t.home } })).toBe(t.global);
  });

  it("resolves a relative --config or AO_CONFIG_PATH against the working directory", async () => {
    const t = layout();
    expect(await findConfigPath({ cwd: t.root, env: {} }, "explicit.yaml")).toBe(t.explicit);
    expect(await findConfigPath({ cwd: t.root, env: { AO_CONFIG_PATH: "from-env.yaml" } })).toBe(t.fromEnv);
  });

  it("takes the nearest of several files, and .yaml before .yml in the same directory", async () => {
    const t = layout();
    const nearer = touch(join(t.repo, "packages", "web", "agent-orchestrator.yml"));
    expect(await findConfigPath({ cwd: t.cwd, env: {} })).toBe(nearer);
    const preferred = touch(join(t.repo, "packages", "web", "agent-orchestrator.yaml"));
    expect(await findConfigPath({ cwd: t.cwd, env: {} })).toBe(preferred);
  });

  it("fails with E_CONFIG_NOT_FOUND and the ao init hint when nothing exists", async () => {
    const empty = makeTempDir("ao-nothing-");
    const error = await findConfigPath({ cwd: empty, env: { HOME: empty } }).catch(
      (caught: unknown) => caught,
    );
    if (!isAoError(error)) throw new Error("expected an AoError");
    expect(error.code).toBe("E_CONFIG_NOT_FOUND");
    expect(error.exitCode).toBe(2);
    expect(error.hint).toBe("run `ao init` in your repository, or pass --config");
  });

  it("does not fall back when an explicitly named file is missing", async () => {
    const t = layout();
    const viaFlag = await findConfigPath({ cwd: t.cwd, env: {} }, "nope.yaml").catch(
      (caught: unknown) => caught,
    );
    const viaEnv = await findConfigPath({ cwd: t.cwd, env: { AO_CONFIG_PATH: "/nope.yaml" } }).catch(
      (caught: unknown) => caught,
    );
    if (!isAoError(viaFlag) || !isAoError(viaEnv)) throw new Error("expected AoErrors");
    expect(viaFlag.code).toBe("E_CONFIG_NOT_FOUND");
    expect(viaFlag.message).toContain(join(t.cwd, "nope.yaml"));
    expect(viaFlag.message).toContain("--config");
    expect(viaEnv.message).toContain("AO_CONFIG_PATH");
  });
});
