#!/usr/bin/env bash
# Records what real ACP agents send and expect (test/fixtures/agents/acp/, see its README), each
# against a loopback stand-in for its model service (scripts/agent-fixture-mocks/), in a fresh HOME
# and project, with the recording client record.mjs:
#
#   scripts/record-acp/record-acp.sh <CLI_DIR> [claude gemini opencode codex]
#
# CLI_DIR is a scratch npm project outside this repository holding @zed-industries/claude-agent-acp,
# @google/gemini-cli, opencode-ai and @zed-industries/codex-acp (`npm install --prefix <CLI_DIR> …`). Per agent it runs three
# scripts: main (a plain prompt, an edit and a command, a cancel), load (a new process loading the
# main session, when the agent offers loadSession) and unreachable (the model service down), each
# into <agent>/<version>/<script>.jsonl and <script>.stderr.txt. Only the processes it started are
# stopped at the end.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${AO_FIXTURES_OUT:-$ROOT/test/fixtures/agents}/acp
MOCKS="$ROOT/scripts/agent-fixture-mocks"
CLI_DIR=${1:?usage: record-acp.sh <CLI_DIR> [agents…]}
shift
AGENTS=${*:-claude gemini opencode codex}
BIN="$CLI_DIR/node_modules/.bin"
RECORD="$ROOT/scripts/record-acp/record.mjs"
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

fresh_home() { mktemp -d /var/tmp/ao-acp-rec.XXXXXX; }
fresh_project() { mkdir -p "$1/project" && git -C "$1/project" init -q && echo hi >"$1/project/README.md"; }
version_of() { node -p 'require(process.argv[1]).version' "$CLI_DIR/node_modules/$1/package.json"; }
session_of() { # the sessionId of the session/new answer in a recording
  node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n")) { if (!l) continue; const m = JSON.parse(l).message; if (m?.result?.sessionId) { console.log(m.result.sessionId); break; } }' "$1"
}
# run_scripts <dir> <home> <dead-port-env…> -- <env…> -- <argv…>: the three scripts of one agent.
# AO_ACP_SCRIPTS="main load" records only those (unreachable waits out each agent's retries: minutes).
SCRIPTS=${AO_ACP_SCRIPTS:-main load unreachable}
wants_script() { [[ " $SCRIPTS " == *" $1 "* ]]; }
run_scripts() {
  local dir=$1 home=$2
  shift 2
  mkdir -p "$dir"
  if wants_script main; then env HOME="$home" "${LIVE_ENV[@]}" node "$RECORD" "$dir/main.jsonl" main "$home/project" -- "$@"; fi
  if wants_script load; then env HOME="$home" "${LIVE_ENV[@]}" node "$RECORD" "$dir/load.jsonl" load "$home/project" "$(session_of "$dir/main.jsonl")" -- "$@"; fi
  if wants_script unreachable; then env HOME="$home" "${DEAD_ENV[@]}" node "$RECORD" "$dir/unreachable.jsonl" unreachable "$home/project" -- "$@"; fi
}

if [[ " $AGENTS " == *" claude "* ]]; then
  echo "== claude-agent-acp"
  V=$(version_of @zed-industries/claude-agent-acp)
  H=$(fresh_home); fresh_project "$H"
  MOCK_LOG="$H/mock-requests.log" MOCK_LOG_FULL=1 node "$MOCKS/anthropic.mjs" 8781 500 & PIDS+=($!)
  KEY=sk-ant-api03-offline-fixture-key-0000000000
  node -e 'const [dir, key] = process.argv.slice(1); console.log(JSON.stringify({ hasCompletedOnboarding: true, theme: "dark", customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] }, projects: { [dir]: { hasTrustDialogAccepted: true } } }))' \
    "$H/project" "$KEY" >"$H/.claude.json"
  LIVE_ENV=(ANTHROPIC_BASE_URL=http://127.0.0.1:8781 ANTHROPIC_API_KEY=$KEY PATH="$BIN:/usr/local/bin:/usr/bin:/bin")
  DEAD_ENV=(ANTHROPIC_BASE_URL=http://127.0.0.1:9 ANTHROPIC_API_KEY=$KEY PATH="$BIN:/usr/local/bin:/usr/bin:/bin")
  # As root (this machine), Claude Code refuses the --allow-dangerously-skip-permissions the adapter
  # passes, exits, and session/new fails ("Query closed before response received"): recorded once
  # as root-session-new.jsonl; IS_SANDBOX=1 (which both honour) lets the rest run.
  if [ "$(id -u)" = 0 ] && wants_script main; then
    env HOME="$H" "${LIVE_ENV[@]}" node "$RECORD" "$OUT/claude-agent-acp/$V/root-session-new.jsonl" unreachable "$H/project" -- "$BIN/claude-agent-acp"
    LIVE_ENV+=(IS_SANDBOX=1); DEAD_ENV+=(IS_SANDBOX=1)
  fi
  run_scripts "$OUT/claude-agent-acp/$V" "$H" "$BIN/claude-agent-acp"
fi

if [[ " $AGENTS " == *" gemini "* ]]; then
  echo "== gemini --experimental-acp"
  V=$(version_of @google/gemini-cli)
  node "$MOCKS/gemini.mjs" 8782 500 & PIDS+=($!)
  H=$(fresh_home); fresh_project "$H"
  mkdir -p "$H/.gemini" && echo '{"security":{"auth":{"selectedType":"gemini-api-key"}}}' >"$H/.gemini/settings.json"
  LIVE_ENV=(GEMINI_API_KEY=offline-fixture-key GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:8782 PATH="$BIN:/usr/local/bin:/usr/bin:/bin")
  DEAD_ENV=(GEMINI_API_KEY=offline-fixture-key GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:9 PATH="$BIN:/usr/local/bin:/usr/bin:/bin")
  run_scripts "$OUT/gemini/$V" "$H" "$BIN/gemini" --experimental-acp
fi

if [[ " $AGENTS " == *" opencode "* ]]; then
  echo "== opencode acp"
  V=$(version_of opencode-ai)
  node "$MOCKS/openai-chat.mjs" 8783 500 & PIDS+=($!)
  H=$(fresh_home); fresh_project "$H"
  mkdir -p "$H/.config/opencode"
  provider() { # port
    printf '{"$schema":"https://opencode.ai/config.json","autoupdate":false,"share":"disabled","model":"mock/mock-model","small_model":"mock/mock-model","provider":{"mock":{"npm":"@ai-sdk/openai-compatible","name":"Mock","options":{"baseURL":"http://127.0.0.1:%s/v1","apiKey":"offline-fixture-key"},"models":{"mock-model":{"name":"Mock model"}}}}}' "$1"
  }
  LIVE_ENV=(OPENCODE_DISABLE_MODELS_FETCH=1 "OPENCODE_CONFIG_CONTENT=$(provider 8783)" PATH="$BIN:/usr/local/bin:/usr/bin:/bin")
  DEAD_ENV=(OPENCODE_DISABLE_MODELS_FETCH=1 "OPENCODE_CONFIG_CONTENT=$(provider 9)" PATH="$BIN:/usr/local/bin:/usr/bin:/bin")
  run_scripts "$OUT/opencode/$V" "$H" "$BIN/opencode" acp
fi
if [[ " $AGENTS " == *" codex "* ]]; then
  echo "== codex-acp"
  V=$(version_of @zed-industries/codex-acp)
  node "$MOCKS/openai.mjs" 8784 500 & PIDS+=($!)
  H=$(fresh_home); fresh_project "$H"
  codex_config() { # port: Codex's model provider is the Responses API mock; the project trusted
    mkdir -p "$H/.codex"
    printf '%s\n' 'model = "mock-model"' 'model_provider = "mock"' '' '[model_providers.mock]' 'name = "Mock"' \
      "base_url = \"http://127.0.0.1:$1/v1\"" 'wire_api = "responses"' '' "[projects.\"$H/project\"]" \
      'trust_level = "trusted"' >"$H/.codex/config.toml"
  }
  LIVE_ENV=(PATH="$BIN:/usr/local/bin:/usr/bin:/bin")
  DEAD_ENV=("${LIVE_ENV[@]}")
  codex_config 8784
  if wants_script main; then env HOME="$H" "${LIVE_ENV[@]}" node "$RECORD" "$OUT/codex-acp/$V/main.jsonl" main "$H/project" -- "$BIN/codex-acp"; fi
  if wants_script load; then env HOME="$H" "${LIVE_ENV[@]}" node "$RECORD" "$OUT/codex-acp/$V/load.jsonl" load "$H/project" "$(session_of "$OUT/codex-acp/$V/main.jsonl")" -- "$BIN/codex-acp"; fi
  codex_config 9
  if wants_script unreachable; then env HOME="$H" "${DEAD_ENV[@]}" node "$RECORD" "$OUT/codex-acp/$V/unreachable.jsonl" unreachable "$H/project" -- "$BIN/codex-acp"; fi
fi
echo "recorded into $OUT; review the diff before committing"
