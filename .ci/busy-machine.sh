#!/usr/bin/env bash
# Sourced by .ci/run: makes the machine as busy as a developer's, so every CI run checks that the
# suite is hermetic (docs/testing.md): a process listening on 127.0.0.1:3000 (ao's default port)
# and another ao daemon, started with the built ao from a throwaway AO_HOME and HOME. Both are
# stopped by `busy_machine_stop`, which .ci/run traps on EXIT, so they go even when a step fails.

busy_dir=""
busy_listener=""

busy_machine_start() {
  busy_dir="$(mktemp -d)"
  # Holds port 3000 and answers nothing, as a stuck server would; skipped when 3000 is taken already.
  node -e '
    const server = require("node:net").createServer(() => {});
    server.on("error", (e) => { console.error(`ci: port 3000 is busy already (${e.code})`); process.exit(0); });
    server.listen(3000, "127.0.0.1", () => console.error("ci: a listener holds 127.0.0.1:3000"));
  ' &
  busy_listener=$!
  git init -q "$busy_dir/repo" &&
    git -C "$busy_dir/repo" -c user.name=ci -c user.email=ci@localhost commit -q --allow-empty -m init &&
    (cd "$busy_dir/repo" && AO_HOME="$busy_dir/home" HOME="$busy_dir" node "$OLDPWD/bin/ao.js" start --port 0 . >/dev/null 2>&1) &&
    echo "ci: another ao daemon runs from $busy_dir/home" >&2
}

busy_machine_stop() {
  if [ -n "$busy_dir" ]; then
    AO_HOME="$busy_dir/home" HOME="$busy_dir" node bin/ao.js stop >/dev/null 2>&1
    rm -rf "$busy_dir"
  fi
  [ -n "$busy_listener" ] && kill "$busy_listener" 2>/dev/null
  busy_dir=""
  busy_listener=""
}
