// A throwaway world for session benchmarks: a repository with a bare origin, an AO_HOME with its own
// tmux server, a config with one project `bench`, and the fake `claude` from test/fixtures/bin on
// PATH (it behaves like Claude Code's TUI, so ao spawn does what it does for real, minus the model).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const ao = join(root, "bin", "ao.js");
const fakeBin = join(root, "test", "fixtures", "bin");

const GIT_ENV = {
  ...process.env,
  LC_ALL: "C",
  GIT_AUTHOR_NAME: "bench",
  GIT_AUTHOR_EMAIL: "bench@ao.invalid",
  GIT_COMMITTER_NAME: "bench",
  GIT_COMMITTER_EMAIL: "bench@ao.invalid",
};

export function git(cwd, args) {
  return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" }).trim();
}

export function makeWorld() {
  // Short: the tmux socket path must stay under ~104 bytes.
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ao-b-")));
  const repo = join(dir, "repo");
  const origin = join(dir, "origin.git");
  const home = join(dir, "h");
  const userHome = join(dir, "u");
  const configDir = join(dir, "cfg");
  for (const path of [repo, userHome, configDir]) mkdirSync(path);
  git(dir, ["init", "-q", "--bare", "--initial-branch=main", origin]);
  git(repo, ["init", "-q", "--initial-branch=main"]);
  writeFileSync(join(repo, "README.md"), "# bench\n");
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-q", "-m", "initial"]);
  git(repo, ["remote", "add", "origin", origin]);
  git(repo, ["push", "-q", "-u", "origin", "main"]);
  writeFileSync(join(configDir, "agent-orchestrator.yaml"), `projects:\n  bench:\n    path: ${repo}\n`);
  const env = {
    ...process.env,
    AO_HOME: home,
    HOME: userHome,
    PATH: `${fakeBin}:${process.env.PATH}`,
    NO_COLOR: "1",
    FAKE_AGENT_WORK_MS: "100",
  };
  delete env.TMUX;
  delete env.TMUX_PANE;
  return {
    dir,
    repo,
    home,
    configDir,
    env,
    socket: join(home, "tmux.sock"),
    options: { cwd: configDir, env },
    /** Runs ao and returns stdout; throws when it fails. */
    ao(args) {
      const result = spawnSync(process.execPath, [ao, ...args], { cwd: configDir, env, encoding: "utf8" });
      if (result.status !== 0)
        throw new Error(`ao ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
      return result.stdout.trim();
    },
    dispose() {
      spawnSync("tmux", ["-S", join(home, "tmux.sock"), "kill-server"], { env, stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
