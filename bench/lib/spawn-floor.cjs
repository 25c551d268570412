// The least a spawn written in Node can do, with none of ao's own work: start Node, ask origin
// for its default branch and the new branch name while listing the local refs (the two questions
// every spawn must ask before it may pick a base and a name), `git worktree add`, and `tmux
// new-session` running the agent. No config, no store, no prompt file, no liveness check.
// bench/spawn.mjs times it next to `ao spawn`: the gap between the two is what ao itself costs,
// and the floor next to the goal says whether any Node CLI could meet the goal on this machine.
// Usage: node spawn-floor.cjs <repo> <worktree-path> <branch> <tmux-socket> <session> <agent> <prompt>
// CommonJS on purpose: it loads faster than an ES module, which favours the floor, not ao.
"use strict";
const { execFile } = require("node:child_process");

const [repo, path, branch, socket, session, agent, prompt] = process.argv.slice(2);

function run(command, args) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: repo }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

async function main() {
  const [remote] = await Promise.all([
    run("git", ["ls-remote", "origin", "refs/heads/main", `refs/heads/${branch}`]),
    run("git", ["for-each-ref", "refs/remotes/origin/main", `refs/heads/${branch}`]),
  ]);
  const base = remote.split("\t")[0];
  await run("git", ["worktree", "add", "-q", "--no-track", "-b", branch, "--lock", path, base]);
  await run("tmux", ["-S", socket, "new-session", "-d", "-s", session, "-c", path, "--", agent, prompt]);
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
