import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { runGit } from "../helpers/git-repo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTmuxHome } from "../helpers/tmux.js";
import { eventually } from "./e2e-fixture.js";

/** The real pnpm (a dev dependency of ao), first on PATH as a user's global install would be. */
const PNPM_BIN = fileURLToPath(new URL("../../node_modules/.bin", import.meta.url));

interface StatusJson {
  sessions: { id: string; status: string; pr: { ci: { state: string } | null } | null }[];
}

/**
 * A pnpm project whose tests need its dev dependency installed: `pnpm test` runs the
 * `check-stats` binary of a workspace-local package (a `file:` dependency, so pnpm installs it
 * offline). In a fresh worktree without `pnpm install` the test fails with "not found".
 */
function makePnpmRepo(env: Record<string, string>): string {
  const repo = join(makeTempDir("ao-pnpm-"), "stats");
  mkdirSync(join(repo, "tools", "checker"), { recursive: true });
  const manifest = {
    name: "stats",
    private: true,
    scripts: { test: "check-stats" },
    devDependencies: { "stats-checker": "file:./tools/checker" },
  };
  writeFileSync(join(repo, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(repo, "tools", "checker", "package.json"),
    JSON.stringify({ name: "stats-checker", version: "1.0.0", bin: { "check-stats": "check.js" } }),
  );
  writeFileSync(
    join(repo, "tools", "checker", "check.js"),
    '#!/usr/bin/env node\nconsole.log("stats: 3 checks passed");\n',
    { mode: 0o755 },
  );
  writeFileSync(join(repo, ".gitignore"), "node_modules/\n");
  const install = spawnSync("pnpm", ["install", "--offline"], { cwd: repo, env, encoding: "utf8" });
  expect(install.status, install.stderr + install.stdout).toBe(0);
  runGit(join(repo, ".."), ["init", "-q", "--initial-branch=main", repo]);
  runGit(repo, ["config", "user.name", "ao test"]);
  runGit(repo, ["config", "user.email", "test@ao.invalid"]);
  runGit(repo, ["add", "-A"]);
  runGit(repo, ["commit", "-q", "-m", "stats and its checks"]);
  return repo;
}

/** An agent that changes nothing the tests see: it commits a note and waits. */
function noteAgent(dir: string): string {
  const script = join(dir, "note-agent.mjs");
  writeFileSync(
    script,
    [
      'import { execFileSync } from "node:child_process";',
      'import { writeFileSync } from "node:fs";',
      'writeFileSync("NOTES.md", "read the task\\n");',
      'execFileSync("git", ["add", "NOTES.md"]);',
      'execFileSync("git", ["commit", "-q", "-m", "docs: notes"]);',
      "setInterval(() => {}, 1000);",
    ].join("\n"),
  );
  return script;
}

describe("ao init --auto in a pnpm repository (local mode)", () => {
  it(
    "installs in each worktree before CI runs, so an unchanged branch's first CI is green",
    { timeout: 240_000 },
    async () => {
      const { home } = makeTmuxHome();
      const scratch = makeTempDir("ao-pnpm-home-");
      const env = {
        AO_HOME: home,
        NO_COLOR: "1",
        PATH: `${PNPM_BIN}${delimiter}${process.env["PATH"] ?? ""}`,
        HOME: scratch,
        XDG_DATA_HOME: join(scratch, "data"),
        XDG_CACHE_HOME: join(scratch, "cache"),
      };
      const repo = makePnpmRepo(env);
      const ao = (args: string[]) => runAo(args, { cwd: repo, env });
      try {
        const init = ao(["init", "--auto"]);
        expect(init.exitCode, init.stderr).toBe(0);
        const configPath = join(repo, "agent-orchestrator.yaml");
        const document = parseDocument(readFileSync(configPath, "utf8"));
        expect(document.getIn(["projects", "stats", "postCreate"], false)).toBeDefined();
        expect(document.toJS()).toMatchObject({
          projects: {
            stats: {
              postCreate: ["pnpm install --frozen-lockfile"],
              scm: { plugin: "local", ci: ["pnpm test"] },
            },
          },
        });
        document.setIn(["projects", "stats", "agent"], {
          plugin: "command",
          argv: [process.execPath, noteAgent(scratch)],
        });
        document.set("port", 0);
        document.set("daemon", { pollInterval: "1s" });
        writeFileSync(configPath, document.toString());

        const started = ao(["start", "--json"]);
        expect(started.exitCode, started.stderr).toBe(0);
        const spawned = ao(["spawn", "stats", "write down what you read"]);
        expect(spawned.exitCode, spawned.stderr).toBe(0);
        const ci = await eventually(
          () => {
            const run = ao(["status", "--json"]);
            const state = (JSON.parse(run.stdout) as StatusJson).sessions[0]?.pr?.ci?.state;
            return state === "passing" || state === "failing" ? state : undefined;
          },
          "the first CI run to finish",
          120_000,
        );
        const log = ao(["ci", "stats-1", "--log"]);
        expect(ci, log.stdout).toBe("passing");
        expect(log.stdout).toContain("stats: 3 checks passed");
      } finally {
        ao(["stop"]);
      }
    },
  );
});
