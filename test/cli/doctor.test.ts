import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import { makeBinDir } from "../helpers/bin-dir.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { captureStream } from "../helpers/test-context.js";

const TOKEN = "ghp_e2eDoctorSecretToken0123456789abcdefAB";

const GITHUB_PROJECT = `projects:
  widgets:
    path: .
    repo: acme/widgets
    agent: claude-code
`;

/** A directory to run in (with `yaml` as its config, if given) and an environment whose PATH is exactly `bin`. */
function setup(
  yaml: string | undefined,
  bin: Parameters<typeof makeBinDir>[0],
  env: Record<string, string> = {},
) {
  const dir = makeTempDir("ao-doctor-e2e-");
  if (yaml !== undefined) writeFileSync(join(dir, "agent-orchestrator.yaml"), yaml);
  // A ready machine has a git identity (HOME is this directory).
  writeFileSync(join(dir, ".gitconfig"), "[user]\n\tname = Doctor Test\n\temail = doctor@example.test\n");
  const home = join(dir, ".ao-home");
  return { dir, home, env: { AO_HOME: home, HOME: dir, PATH: makeBinDir(bin), ...env } };
}

const READY = { link: ["git", "tmux"], fake: { claude: "exit 0" } };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe("ao doctor", () => {
  it("passes on a ready machine without a config, in plain ASCII when not on a terminal", () => {
    const { dir, env } = setup(undefined, READY);
    const result = runAo(["doctor"], { cwd: dir, env });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^ok {4}Node\.js {2,}\d+\.\d+\.\d+/m);
    expect(result.stdout).toMatch(/^ok {4}git {2,}git version/m);
    expect(result.stdout).toMatch(/^ok {4}tmux {2,}tmux \d/m);
    expect(result.stdout).toMatch(/^warn {2}configuration {2,}no agent-orchestrator\.yaml found/m);
    expect(result.stdout).toMatch(/^ +fix: ao init$/m);
    // notify-send is not on this PATH: the default desktop notifier could not show anything.
    expect(result.stdout).toMatch(/^warn {2}desktop notifications +notify-send not found on PATH/m);
    expect(result.stdout).toContain("ready: 11 ok, 2 warnings, 0 failed");
    expect(result.stdout).not.toMatch(/[✓✗]/);
    expect(result.stdout).not.toContain("\u001b");
  });

  it("fails without tmux, names the fix and exits 1", () => {
    const { dir, env } = setup(undefined, { link: ["git"], fake: { claude: "exit 0" } });
    const result = runAo(["doctor"], { cwd: dir, env });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}tmux {2,}tmux not found on PATH$/m);
    expect(result.stdout).toMatch(/fix: (sudo apt-get install -y|brew install) tmux/);
    expect(result.stdout).toContain("not ready:");
  });

  it("fails a GitHub project when there is no token", () => {
    const { dir, env } = setup(GITHUB_PROJECT, READY);
    const result = runAo(["doctor"], { cwd: dir, env });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}GitHub credentials \(github\.com\) +no token/m);
    expect(result.stdout).toContain("fix: gh auth login");
  });

  it("is not ready when the configured agent has no login, and ready once it has one (never shown)", () => {
    const key = "sk-ant-doctorTestKey0123456789";
    const { dir, env } = setup(GITHUB_PROJECT, READY, { GITHUB_TOKEN: TOKEN });
    const missing = runAo(["doctor"], { cwd: dir, env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toMatch(
      /^FAIL {2}claude login \(claude-code\) +no login found \(looked for ANTHROPIC_API_KEY/m,
    );
    expect(missing.stdout).toContain("~/.claude/.credentials.json");
    expect(missing.stdout).toContain("fix: run `claude` once in a terminal and sign in");
    expect(missing.stdout).toContain("not ready:");

    const withKey = runAo(["doctor"], { cwd: dir, env: { ...env, ANTHROPIC_API_KEY: key } });
    expect(withKey.stdout).toMatch(/^ok {4}claude login \(claude-code\) +found ANTHROPIC_API_KEY$/m);
    expect(withKey.stdout + withKey.stderr).not.toContain(key);

    mkdirSync(join(dir, ".claude"), { recursive: true });
    writeFileSync(join(dir, ".claude", ".credentials.json"), "{}");
    const signedIn = runAo(["doctor"], { cwd: dir, env });
    expect(signedIn.stdout).toMatch(
      /^ok {4}claude login \(claude-code\) +found ~\/\.claude\/\.credentials\.json$/m,
    );
  });

  it("accepts a token and never prints or logs it", () => {
    const { dir, home, env } = setup(GITHUB_PROJECT, READY, { GITHUB_TOKEN: TOKEN });
    for (const flags of [[], ["--json"], ["--debug"]]) {
      const result = runAo(["doctor", ...flags], { cwd: dir, env });
      expect(result.stdout + result.stderr).not.toContain(TOKEN);
      if (flags.length === 0)
        expect(result.stdout).toMatch(/^ok {4}GitHub credentials \(github\.com\) +GITHUB_TOKEN is set$/m);
    }
    const logs = filesUnder(home);
    expect(logs.length).toBeGreaterThan(0);
    for (const file of logs) expect(readFileSync(file, "utf8")).not.toContain(TOKEN);
  });

  it("fails a state database that is not a database, with the command that moves it aside", () => {
    const { dir, home, env } = setup(undefined, READY);
    mkdirSync(home, { recursive: true });
    const database = join(home, "ao.db");
    writeFileSync(database, "not a database ".repeat(500));
    const result = runAo(["doctor"], { cwd: dir, env });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}state database +the state database .*ao\.db is damaged/m);
    expect(result.stdout).toContain(`fix: move it aside with \`mv ${database} ${database}.corrupt\``);
  });

  it("warns about a permissionless project", () => {
    const yaml = `${GITHUB_PROJECT}    agentConfig:\n      permissions: permissionless\n`;
    const { dir, env } = setup(yaml, READY, { GITHUB_TOKEN: TOKEN });
    const result = runAo(["doctor"], { cwd: dir, env });
    expect(result.stdout).toMatch(
      /^warn {2}permissions of widgets +agentConfig\.permissions is permissionless/m,
    );
  });

  it("prints the checks and a summary with --json", () => {
    const { dir, env } = setup(undefined, { link: ["git"] });
    const result = runAo(["doctor", "--json"], { cwd: dir, env });
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      summary: { ok: number; warn: number; fail: number };
      checks: { id: string; title: string; status: string; detail: string; fix?: string }[];
    };
    expect(report.ok).toBe(false);
    // tmux is the default runtime's own check, so it comes with the plugins, after the configuration.
    expect(report.checks.map((check) => check.id)).toEqual([
      "node",
      "git",
      "ao-home",
      "disk-space",
      "store",
      "store-writable",
      "config",
      "git-identity",
      "tmux",
      "notifier:desktop",
      "agents",
      "interrupted-spawns",
      "orphan-agents",
    ]);
    for (const check of report.checks) {
      expect(Object.keys(check).sort()).toEqual(
        check.status === "ok"
          ? ["detail", "id", "status", "title"]
          : ["detail", "fix", "id", "status", "title"],
      );
    }
    expect(report.summary).toEqual({ ok: 9, warn: 3, fail: 1 });
  });

  it.each([
    [{}, true],
    [{ NO_COLOR: "1" }, false],
    [{ TERM: "dumb" }, false],
  ])("uses coloured symbols only on a colour terminal (%j)", async (extra, fancy) => {
    const { dir, env } = setup(undefined, { link: ["git"], fake: { claude: "exit 0" } });
    const stdout = captureStream(true);
    const exitCode = await runCli({
      argv: ["doctor"],
      env: { ...env, TERM: "xterm-256color", ...extra },
      cwd: dir,
      stdout,
      stderr: captureStream(),
      catalog: builtinCatalog,
      version: "0.0.0",
    });
    expect(exitCode).toBe(1);
    if (fancy) {
      expect(stdout.text()).toContain("\u001b[32m✓\u001b[39m  \u001b[1mgit");
      expect(stdout.text()).toContain("\u001b[31m✗\u001b[39m");
      expect(stdout.text()).toContain("\u001b[33m!\u001b[39m");
    } else {
      expect(stdout.text()).toMatch(/^FAIL {2}tmux/m);
      expect(stdout.text()).not.toContain("\u001b");
    }
  });
});

describe("ao doctor --fix", () => {
  it("lists a shared AO_HOME as a warning without --fix, and makes it private with --fix", () => {
    const { dir, home, env } = setup(undefined, READY);
    expect(runAo(["doctor"], { cwd: dir, env }).exitCode).toBe(0);
    chmodSync(home, 0o755);
    const dry = runAo(["doctor"], { cwd: dir, env });
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toMatch(
      /^warn {2}private directory +.*\.ao-home can be reached by other users \(mode 755\)$/m,
    );
    expect(dry.stdout).toContain(`fix: ao doctor --fix  (chmod 700 ${home})`);
    expect(statSync(home).mode & 0o777).toBe(0o755);

    const fixed = runAo(["doctor", "--fix"], { cwd: dir, env });
    expect(fixed.exitCode).toBe(0);
    expect(fixed.stdout).toContain(
      `fixed: ${home} can be reached by other users (mode 755): chmod 700 ${home}`,
    );
    expect(fixed.stdout).not.toContain("private directory");
    expect(statSync(home).mode & 0o777).toBe(0o700);

    const again = JSON.parse(runAo(["doctor", "--fix", "--json"], { cwd: dir, env }).stdout) as {
      repairs: unknown[];
    };
    expect(again.repairs).toEqual([]);
  });
});
