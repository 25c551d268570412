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
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
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
  ln -sf "$repo/bin/ao.js" "$bindir/ao"
  case ":$PATH:" in
    *":$bindir:"*) say "ao is ready: $(command -v ao)" ;;
    *) say "linked $bindir/ao; add $bindir to PATH to run it as 'ao'" ;;
  esac
}

check_node
check_git
ensure_tmux
ensure_chromium
ensure_podman
install_dependencies
build
link_binary
