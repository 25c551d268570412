import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeBinDir } from "../helpers/bin-dir.js";
import { makeTestRepo } from "../helpers/git-repo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";

/** The whole PATH of the binary: the real git plus fake agent CLIs, so what this machine has installed does not matter. */
function envFor(agents: string[] = []): { AO_HOME: string; PATH: string; HOME: string } {
  const fake = Object.fromEntries(agents.map((name) => [name, "exit 0"]));
  const home = makeTempDir("ao-home-");
  return { AO_HOME: home, HOME: home, PATH: makeBinDir({ link: ["git"], fake }) };
}

describe("ao init", () => {
  it("writes acme/widgets and trunk for a github.com origin, and the result validates", () => {
    const repo = makeTestRepo({ defaultBranch: "trunk", originUrl: "git@github.com:acme/widgets.git" });
    const env = envFor(["codex"]);
    const init = runAo(["init", "--auto"], { cwd: repo.dir, env });
    expect(init.stderr).toBe("");
    expect(init.exitCode).toBe(0);
    const path = join(repo.dir, "agent-orchestrator.yaml");
    expect(init.stdout).toContain(`wrote ${path}`);
    expect(init.stdout).toContain("ao doctor");
    expect(init.stdout).toContain('ao spawn widgets "<task>"');
    const text = readFileSync(path, "utf8");
    expect(text).toContain("repo: acme/widgets");
    expect(text).toContain("defaultBranch: trunk");
    expect(text).toContain("agent: codex");

    // Valid; what its plugins can see offline is missing here (tmux, a GitHub token) is only warned about.
    const validate = runAo(["config", "validate"], { cwd: repo.dir, env });
    expect(validate.exitCode).toBe(0);
    expect(validate.stdout).toBe(`ok: ${path} (1 project)\n`);
    expect(validate.stderr).toContain("warning: GitHub credentials (github.com): no token");
    expect(validate.stderr).not.toContain("codex not found");
  });

  it("refuses to overwrite without --force and replaces with it", () => {
    const repo = makeTestRepo({ originUrl: "https://github.com/acme/widgets" });
    const env = envFor();
    writeFileSync(join(repo.dir, "agent-orchestrator.yaml"), "# hand written\n");
    const refused = runAo(["init", "--auto"], { cwd: repo.dir, env });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("already exists");
    expect(refused.stderr).toContain("hint: run `ao init --force`");
    expect(readFileSync(join(repo.dir, "agent-orchestrator.yaml"), "utf8")).toBe("# hand written\n");

    const forced = runAo(["init", "--auto", "--force"], { cwd: repo.dir, env });
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(join(repo.dir, "agent-orchestrator.yaml"), "utf8")).toContain("repo: acme/widgets");
  });

  it("prints the detection and the path with --json", () => {
    const repo = makeTestRepo({
      originUrl: "https://deploy:hunter2secret@github.example.com/platform/api.git",
      files: { "pnpm-lock.yaml": "", "package.json": "{}" },
    });
    const result = runAo(["init", "--auto", "--json"], { cwd: repo.dir, env: envFor(["claude"]) });
    expect(result.exitCode).toBe(0);
    const json = JSON.parse(result.stdout) as {
      path: string;
      detection: {
        origin: { location: { host: string; owner: string; repo: string; hostKind: string } };
        toolchain: { packageManager: string };
      };
      project: { agent: string; tracker: { apiUrl: string } };
    };
    expect(json.path).toBe(join(repo.dir, "agent-orchestrator.yaml"));
    expect(json.detection.origin.location).toEqual({
      host: "github.example.com",
      owner: "platform",
      repo: "api",
      hostKind: "github-enterprise",
    });
    expect(json.detection.toolchain.packageManager).toBe("pnpm");
    expect(json.project).toMatchObject({
      agent: "claude-code",
      tracker: { apiUrl: "https://github.example.com/api/v3" },
    });
    expect(result.stdout + result.stderr).not.toContain("hunter2secret");
  });

  it("uses the detected values without asking when stdin is not a terminal", () => {
    const repo = makeTestRepo({ defaultBranch: "develop" });
    const result = runAo(["init"], { cwd: repo.dir, env: envFor(), input: "typed-by-nobody\n" });
    expect(result.exitCode).toBe(0);
    const text = readFileSync(join(repo.dir, "agent-orchestrator.yaml"), "utf8");
    // Named after origin's repository (the test repository's bare origin.git), not work/.
    expect(text).toContain("  origin:\n");
    expect(text).toContain("defaultBranch: develop");
    expect(text).not.toContain("typed-by-nobody");
  });

  it("fails outside a git repository", () => {
    const result = runAo(["init", "--auto"], { cwd: makeTempDir("ao-plain-"), env: envFor() });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/error: .* is not inside a git repository/);
    expect(result.stderr).toContain("hint:");
  });
});
