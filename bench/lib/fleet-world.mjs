// A throwaway world for fleet benchmarks: a repository with a bare origin, an AO_HOME with its own
// tmux server, and one project `bench` whose agent is Claude Code's plugin running the stand-in
// bench/lib/idle-claude.sh (an idle Claude at 1 MB). Sessions are made with the built `ao spawn`.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ao, git, root } from "./session-world.mjs";

export { ao };

const IDLE_CLAUDE = join(root, "bench", "lib", "idle-claude.sh");
const SPAWN_CONCURRENCY = 4;

export function makeFleet(name) {
  // Short: the tmux socket path must stay under ~104 bytes.
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `ao-f${name}-`)));
  const repo = join(dir, "repo");
  const origin = join(dir, "origin.git");
  const home = join(dir, "h");
  for (const path of [repo, join(dir, "u"), join(dir, "cfg")]) mkdirSync(path);
  git(dir, ["init", "-q", "--bare", "--initial-branch=main", origin]);
  git(repo, ["init", "-q", "--initial-branch=main"]);
  writeFileSync(join(repo, "README.md"), "# fleet\n");
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-q", "-m", "initial"]);
  git(repo, ["remote", "add", "origin", origin]);
  git(repo, ["push", "-q", "-u", "origin", "main"]);
  const config = join(dir, "cfg", "agent-orchestrator.yaml");
  const agent = `{ plugin: claude-code, command: ${JSON.stringify(IDLE_CLAUDE)} }`;
  const project = `    path: ${repo}\n    agent: ${agent}\n    tracker: local\n    scm: local\n`;
  writeFileSync(config, `port: 0\nprojects:\n  bench:\n${project}`);
  const env = {
    ...process.env,
    AO_HOME: home,
    HOME: join(dir, "u"),
    NO_COLOR: "1",
    AO_SPAWN_WATCH_MS: "0",
  };
  delete env.TMUX;
  delete env.TMUX_PANE;
  return {
    dir,
    config,
    env,
    tokenFile: join(home, "daemon.token"),
    options: { cwd: join(dir, "cfg"), env },
    dispose() {
      spawnSync("tmux", ["-S", join(home, "tmux.sock"), "kill-server"], { env, stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sessions `from`+1 … `to`, SPAWN_CONCURRENCY `ao spawn`s at a time. */
export async function spawnSessions(world, from, to) {
  let next = from + 1;
  const worker = async () => {
    while (next <= to) {
      const n = next++;
      await spawnOne(world, n);
    }
  };
  await Promise.all(Array.from({ length: SPAWN_CONCURRENCY }, worker));
}

function spawnOne(world, n) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ao, "spawn", "bench", `Fleet task ${n}`], {
      ...world.options,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`ao spawn ${n} exited ${code}: ${stderr}`)),
    );
  });
}
