#!/usr/bin/env bash
# Sets up ao from a checkout: checks node and git, installs tmux, chromium and podman when it can, installs npm
# dependencies, builds, and puts `ao` on PATH. Safe to run again: finished steps are skipped.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$1" >&2; [ -n "${2:-}" ] && printf 'setup: hint: %s\n' "$2" >&2; exit 1; }

check_node() {
  command -v node >/dev/null || die "node is not installed" "install Node.js 20.19 or newer (https://nodejs.org)"
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' ||
    die "node $(node --version) is too old; ao needs 20.19 or newer" "install a newer Node.js (e.g. with nvm)"
  command -v npm >/dev/null || die "npm is not installed" "install npm together with Node.js"
}

check_git() {
  command -v git >/dev/null || die "git is not installed" "apt-get install git (or brew install git)"
}

ensure_tmux() {
  if command -v tmux >/dev/null; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    say "installing tmux with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null
  else
    say "tmux is missing: install it (sudo apt-get install tmux, or brew install tmux); ao's default runtime needs it"
  fi
}

# The dashboard's browser tests drive Debian's chromium through playwright-core (never a
# downloaded browser: `playwright install` is not used). Without it those tests skip locally.
ensure_chromium() {
  if command -v "${AO_CHROMIUM:-/usr/bin/chromium}" >/dev/null; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    say "installing chromium with apt-get (for the dashboard's browser tests)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  else
    say "chromium is missing: the dashboard's browser tests will be skipped (sudo apt-get install chromium, or set AO_CHROMIUM=<path>)"
  fi
}

# runtime: docker is tested against real podman (Debian's, with runc: crun cannot set rlimits on
# some kernels). Without it those tests skip locally; CI requires them (AO_REQUIRE_PODMAN=1).
ensure_podman() {
  if command -v podman >/dev/null && command -v runc >/dev/null; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    say "installing podman and runc with apt-get (for the docker runtime's tests)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends podman runc >/dev/null
  else
    say "podman is missing: the docker runtime's tests will be skipped (sudo apt-get install podman runc)"
  fi
}

install_dependencies() {
  # npm ci wipes node_modules; skip it when the installed tree already matches the lockfile.
  local stamp="node_modules/.ao-lock-sha"
  local want
  want="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    say "dependencies up to date"
    return
  fi
  say "installing dependencies (npm ci)"
  find_node_headers
  local log
  log="$(mktemp)"
  if ! npm ci --no-audit --no-fund --loglevel=error >"$log" 2>&1; then
    tail -n 15 "$log" >&2
    if grep -q "gyp" "$log"; then
      die "npm ci could not build the native SQLite module (better-sqlite3); full log: $log" \
        "it needs Node's headers offline: install them (apt-get install libnode-dev, or a Node.js tarball, which ships include/node) or set npm_config_nodedir=<dir holding include/node>"
    fi
    die "npm ci failed; full log: $log" "run it by hand to see npm's own advice: npm ci"
  fi
  rm -f "$log"
  echo "$want" >"$stamp"
}

# better-sqlite3 is built by node-gyp when no prebuilt binary can be fetched (offline), and node-gyp
# then needs Node's headers. Node's tarballs ship them next to the binary (<prefix>/include/node) and
# Debian puts them in /usr/include/node; npm only looks there when nodedir says so.
find_node_headers() {
  local configured
  configured="$(npm config get nodedir 2>/dev/null || true)"
  if [ -n "$configured" ] && [ "$configured" != "undefined" ] && [ -f "$configured/include/node/common.gypi" ]; then
    return
  fi
  local prefix dir
  prefix="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  for dir in "$prefix" /usr /usr/local; do
    if [ -f "$dir/include/node/common.gypi" ]; then
      export npm_config_nodedir="$dir"
      say "using Node's headers in $dir/include/node to build native modules (npm_config_nodedir=$dir)"
      return
    fi
  done
  say "Node's headers were not found (next to node, /usr or /usr/local): the native SQLite module can only be built with network"
}

build() {
  say "building (tsc + esbuild bundle)"
  npm run --silent build
}

link_binary() {
  local bindir
  bindir="$(npm prefix -g)/bin"
  if [ ! -w "$bindir" ]; then
    bindir="$HOME/.local/bin"
    mkdir -p "$bindir"
  fi
  local target="$bindir/ao" want="$repo/bin/ao.js"
  if [ -e "$target" ] && [ ! -L "$target" ]; then
    die "$target exists and is not a link; setup leaves it alone" "remove it, or run this checkout as $want"
  fi
  if [ -L "$target" ] && [ "$(readlink "$target")" != "$want" ]; then
    say "replacing $target, which pointed at $(readlink "$target"), with this checkout's ao"
  fi
  ln -sfn "$want" "$target"
  say "linked $target -> $want"
  report_path "$bindir" "$target"
}

# Which `ao` a new shell runs: this link, or another one earlier on PATH (then `ao demo` would run
# that other build), or none when the link's directory is not on PATH.
report_path() {
  local bindir="$1" target="$2" first
  hash -r
  first="$(command -v ao || true)"
  if [ "$first" = "$target" ]; then
    say "ao is ready: $first"
  elif [ -n "$first" ]; then
    say "warning: 'ao' runs $first, which comes before $target on PATH, so 'ao' is not this checkout"
    say "warning: put $bindir first (export PATH=\"$bindir:\$PATH\" in your shell's profile), remove $first, or run $target"
  else
    say "add $bindir to PATH to run it as 'ao' (export PATH=\"$bindir:\$PATH\")"
  fi
}

main() {
  check_node
  check_git
  ensure_tmux
  ensure_chromium
  ensure_podman
  install_dependencies
  build
  link_binary
}

# Sourced (test/scripts/setup.test.ts), it only defines the steps.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main; fi
