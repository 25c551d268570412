#!/usr/bin/env bash
# Re-records test/fixtures/agents/ from the real agent CLIs (see test/fixtures/agents/README.md).
#
#   scripts/record-agent-fixtures.sh [CLI_DIR]
#
# AO_FIXTURES_OUT=<dir> records somewhere else (to compare before replacing);
# AO_RECORD_AGENTS="gemini opencode" records only those (default: claude codex gemini opencode);
# "gemini-turns opencode-turns" record those agents' turns (scripts/record-agent-turns/);
# "worker-mcp" records how each CLI reads a control-plane worker's MCP config (scripts/record-worker-mcp.sh);
# "claude-versioned" records the installed Claude Code into claude/<version>/ (scripts/record-agent-turns/claude-versioned.sh),
# next to the older recordings, e.g. `AO_RECORD_AGENTS=claude-versioned scripts/record-agent-fixtures.sh /tmp/agent-clis-new`;
# "claude-clear-input" records what Ctrl-U does to an unsubmitted multi-line paste (scripts/record-agent-turns/claude-clear-input.sh);
# "claude-rate-limit" records only claude-versioned's two 429 cases, 2.1.197's into claude/turns/ (scripts/record-agent-turns/claude-rate-limit.sh).
# CLI_DIR (default /tmp/agent-clis) is a scratch npm project outside the repository; the CLIs are
# installed there if missing, never into ao's package.json. Every run uses a fresh HOME under
# /var/tmp (Codex refuses to set up its helpers under /tmp) and tmux on its own socket with TMUX
# unset, so nothing of this machine's own agent configuration leaks into the fixtures. The CLIs'
# model services are replaced by loopback mocks (scripts/agent-fixture-mocks/), so turns complete
# offline. Screens depend on timing: look at every changed .txt before committing it.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${AO_FIXTURES_OUT:-$ROOT/test/fixtures/agents}
MOCKS="$ROOT/scripts/agent-fixture-mocks"
CLI_DIR=${1:-/tmp/agent-clis}
BIN="$CLI_DIR/node_modules/.bin"
PIDS=()
SOCKETS=()

# Only the mocks and tmux servers this run started: another recording may be running next to it.
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for socket in "${SOCKETS[@]}"; do tmux -S "$socket" kill-server 2>/dev/null || true; done
}
trap cleanup EXIT

AGENTS=${AO_RECORD_AGENTS:-claude codex gemini opencode}
wants() { [[ " $AGENTS " == *" $1 "* ]]; }
# The unversioned recordings (help, screens, turns of every CLI) share one set of installed CLIs;
# "claude-versioned" alone records only the Claude Code installed in CLI_DIR.
records_unversioned() { wants claude || wants codex || wants gemini || wants opencode; }

if records_unversioned && { [ ! -x "$BIN/claude" ] || [ ! -x "$BIN/codex" ] || [ ! -x "$BIN/gemini" ] || [ ! -x "$BIN/opencode" ]; }; then
  mkdir -p "$CLI_DIR"
  (cd "$CLI_DIR" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install @anthropic-ai/claude-code @openai/codex @google/gemini-cli opencode-ai)
fi
mkdir -p "$OUT"/{claude,codex,gemini,opencode}/screens

fresh_home() { mktemp -d /var/tmp/ao-agent-rec.XXXXXX; }
fresh_project() { mkdir -p "$1/project" && git -C "$1/project" init -q && echo hi >"$1/project/README.md"; }

# One tmux server per agent: tmux takes PATH from the client that creates a pane, so every call
# carries the same environment.
start_pane() { # socket home command [env...]
  local socket=$1 home=$2 command=$3
  shift 3
  SOCKETS+=("$socket")
  env -u TMUX HOME="$home" PATH="$BIN:/usr/local/bin:/usr/bin:/bin" TERM=xterm-256color "$@" \
    tmux -S "$socket" -f /dev/null new-session -d -s rec -x 200 -y 50 -c "$home/project" "$command"
  tmux -S "$socket" set-option -t rec remain-on-exit on
}
snap() { tmux -S "$1" capture-pane -p -t rec >"$2"; }
keys() { tmux -S "$1" send-keys -t rec "${@:2}"; }
# Waits (up to $3 seconds) until the pane shows $2: first starts are slow and vary a lot.
wait_for() {
  local deadline=$((SECONDS + $3))
  until tmux -S "$1" capture-pane -p -t rec | grep -qF -- "$2"; do
    if ((SECONDS > deadline)); then echo "warning: '$2' did not show within $3s" >&2; return 0; fi
    sleep 1
  done
}
# Waits (up to $3 seconds) until the pane no longer shows $2, e.g. a turn's "esc to interrupt".
wait_gone() {
  local deadline=$((SECONDS + $3))
  while tmux -S "$1" capture-pane -p -t rec | grep -qF -- "$2"; do
    if ((SECONDS > deadline)); then echo "warning: '$2' still showed after $3s" >&2; return 0; fi
    sleep 1
  done
}
size() { if [ -e "$1" ]; then wc -c <"$1"; else echo 0; fi; }
HOOK_RECORDER='cat >> $HOME/hooks.jsonl; echo >> $HOME/hooks.jsonl' # each payload raw, as the CLI passes it
# A settings.local.json whose hooks, for each event named, append the event's JSON to ~/hooks.jsonl.
claude_hooks() { # home event...
  local home=$1
  shift
  node -e 'const [cmd, ...events] = process.argv.slice(1); const hooks = {}; for (const e of events) hooks[e] = [{ matcher: "", hooks: [{ type: "command", command: cmd }] }]; console.log(JSON.stringify({ hooks }, null, 2));' \
    "${HOOK_RECORDER//\$HOME/$home}" "$@" >"$home/project/.claude/settings.local.json"
}
codex_mock_config() { # home: Codex's model provider is the loopback mock
  mkdir -p "$1/.codex"
  printf '%s\n' 'model = "mock-model"' 'model_provider = "mock"' '' '[model_providers.mock]' 'name = "Mock"' \
    'base_url = "http://127.0.0.1:8766/v1"' 'wire_api = "responses"' >"$1/.codex/config.toml"
}
since() { tail -c +$(($2 + 1)) "$1" 2>/dev/null | grep -v '^$' || true; } # file offset: lines appended after offset

# One turn per case, recorded as what each signal stream gained during it. Which case the mock plays
# is chosen by the prompt's words (scripts/agent-fixture-mocks/scenario.mjs).
#   record_turn socket dir name prompt streams interrupt-key-or-"" [timeout] [busy-prompt]
# streams: "label=file label=file…", each file's lines appended during the turn go to <name>.<label>.jsonl.
# With busy-prompt, that prompt is sent first and the case's prompt only while the agent is busy
# answering it (as `ao send` may come while the task's own turn still runs).
record_turn() {
  local socket=$1 dir=$2 name=$3 prompt=$4 streams=$5 interrupt=$6 timeout=${7:-60} busy=${8:-}
  local -A offsets=()
  if [ -n "$busy" ]; then keys "$socket" -l "$busy"; sleep 0.7; keys "$socket" Enter; sleep 8; fi
  for stream in $streams; do offsets[$stream]=$(size "${stream#*=}"); done
  keys "$socket" -l "$prompt"; sleep 0.7; keys "$socket" Enter
  # A turn to interrupt is given time for the mock's first words (it answers after its delay).
  if [ -n "$interrupt" ]; then sleep 8; else sleep 2; fi
  snap "$socket" "$dir/$name.working.txt"
  if [ -n "$interrupt" ]; then keys "$socket" "$interrupt"; fi
  wait_gone "$socket" "esc to interrupt" "$timeout"; sleep 3
  snap "$socket" "$dir/$name.screen.txt"
  for stream in $streams; do since "${stream#*=}" "${offsets[$stream]}" >"$dir/$name.${stream%%=*}.jsonl"; done
}
# The cases both agents record after their first turn: no text, the two failures, the interruptions.
record_cases() { # socket dir streams seconds-for-the-401
  record_turn "$1" "$2" empty "Reply with nothing" "$3" ""
  record_turn "$1" "$2" failed-model "Use a retired model" "$3" ""
  record_turn "$1" "$2" failed-auth "Use a bad key" "$3" "" "$4"
  record_turn "$1" "$2" interrupted "Take your time" "$3" Escape
  record_turn "$1" "$2" interrupted-ctrl-c "Take your time" "$3" C-c
  record_turn "$1" "$2" interrupted-before-reply "Think it over" "$3" Escape
}

if records_unversioned; then
echo "== help, versions, unknown flags"
HELP_HOME=$(fresh_home)
(
  cd "$HELP_HOME"
  export HOME="$HELP_HOME"
  "$BIN/claude" --version >"$OUT/claude/version.txt"
  "$BIN/claude" --help >"$OUT/claude/help.txt" 2>&1
  "$BIN/codex" --version >"$OUT/codex/version.txt"
  "$BIN/codex" --help >"$OUT/codex/help.txt" 2>&1
  "$BIN/codex" resume --help >"$OUT/codex/resume-help.txt" 2>&1
  "$BIN/codex" exec --help >"$OUT/codex/exec-help.txt" 2>&1
  "$BIN/gemini" --version >"$OUT/gemini/version.txt"
  "$BIN/gemini" --help >"$OUT/gemini/help.txt" 2>&1
  "$BIN/opencode" --version >"$OUT/opencode/version.txt"
  "$BIN/opencode" --help >"$OUT/opencode/help.txt" 2>&1
  "$BIN/opencode" run --help >"$OUT/opencode/run-help.txt" 2>&1
  "$BIN/opencode" session list --help >"$OUT/opencode/session-list-help.txt" 2>&1
  for agent in claude codex gemini opencode; do
    set +e
    "$BIN/$agent" --definitely-not-a-flag </dev/null >"$OUT/$agent/unknown-flag.txt" 2>&1
    echo "exit $?" >>"$OUT/$agent/unknown-flag.txt"
    set -e
  done
)
fi

if wants claude; then
echo "== claude"
node "$MOCKS/anthropic.mjs" 8765 4000 & PIDS+=($!)
S=/tmp/ao-record-claude-$$.sock
H=$(fresh_home); fresh_project "$H"
start_pane "$S" "$H" claude
sleep 10; snap "$S" "$OUT/claude/screens/first-run-offline.txt"
tmux -S "$S" kill-server
H=$(fresh_home); fresh_project "$H"
# Onboarding (theme, login) is marked done so the folder-trust dialog and the session come next.
echo '{"hasCompletedOnboarding":true,"theme":"dark"}' >"$H/.claude.json"
mkdir -p "$H/project/.claude"
claude_hooks "$H" SessionStart UserPromptSubmit PreToolUse Notification Stop SessionEnd
CLAUDE_ENV=(ANTHROPIC_BASE_URL=http://127.0.0.1:8765 ANTHROPIC_API_KEY=sk-ant-api03-offline-fixture-key-0000000000)
start_pane "$S" "$H" claude "${CLAUDE_ENV[@]}"
sleep 8; snap "$S" "$OUT/claude/screens/folder-trust.txt"
keys "$S" Enter; sleep 5; snap "$S" "$OUT/claude/screens/custom-api-key.txt"
keys "$S" Up; sleep 0.5; keys "$S" Enter; sleep 5; snap "$S" "$OUT/claude/screens/idle.txt"
keys "$S" -l "Say hello in one word"; sleep 1; snap "$S" "$OUT/claude/screens/typed-unsent.txt"
keys "$S" Enter; sleep 2; snap "$S" "$OUT/claude/screens/working.txt"
sleep 8; snap "$S" "$OUT/claude/screens/idle-after-turn.txt"
keys "$S" -l "Please create a file named hello.txt"; sleep 0.5; keys "$S" Enter
sleep 8; snap "$S" "$OUT/claude/screens/permission-prompt.txt"
sleep 8; keys "$S" Enter; sleep 8
keys "$S" -l "/exit"; sleep 0.5; keys "$S" Enter; sleep 3; snap "$S" "$OUT/claude/screens/exited.txt"
cp "$H/hooks.jsonl" "$OUT/claude/hook-events.jsonl"
cp "$H"/.claude/projects/*/*.jsonl "$OUT/claude/transcript.jsonl"
SESSION=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0]).session_id)' "$H/hooks.jsonl")
tmux -S "$S" kill-server
start_pane "$S" "$H" "claude --resume $SESSION" "${CLAUDE_ENV[@]}"
sleep 8; snap "$S" "$OUT/claude/screens/resumed.txt"
tmux -S "$S" kill-server
mkdir -p "$H/prompts" && printf 'Fix the flaky test in parser.ts\n' >"$H/prompts/task.md"
start_pane "$S" "$H" "claude 'Carry out the task described in @$H/prompts/task.md'" "${CLAUDE_ENV[@]}"
sleep 20; snap "$S" "$OUT/claude/screens/idle-after-prompt-file.txt"
tmux -S "$S" kill-server

echo "== claude turns"
# A fresh HOME with the answers a person gives the trust and API-key dialogs already in ~/.claude.json,
# and ao's hook events (with StopFailure) recorded raw, as Claude Code passes them.
H=$(fresh_home); fresh_project "$H"; mkdir -p "$H/project/.claude"
KEY=${CLAUDE_ENV[1]#ANTHROPIC_API_KEY=}
node -e 'const [dir, key] = process.argv.slice(1); console.log(JSON.stringify({ hasCompletedOnboarding: true, theme: "dark", customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] }, projects: { [dir]: { hasTrustDialogAccepted: true } } }))' \
  "$H/project" "$KEY" >"$H/.claude.json"
claude_hooks "$H" SessionStart UserPromptSubmit PreToolUse PostToolUse Notification Stop StopFailure SessionEnd
# A second Stop hook, as a person's own may be: it blocks the stop once when ~/block-next exists
# ({"decision":"block"}), and Claude goes on with the same turn.
printf '%s\n' 'cat >/dev/null' "if [ -e $H/block-next ]; then rm $H/block-next; echo '{\"decision\":\"block\",\"reason\":\"Run the tests first.\"}'; fi" >"$H/block-once.sh"
node -e 'const [file, cmd] = process.argv.slice(1); const fs = require("fs"); const s = JSON.parse(fs.readFileSync(file, "utf8")); s.hooks.Stop.push({ matcher: "", hooks: [{ type: "command", command: cmd }] }); fs.writeFileSync(file, JSON.stringify(s, null, 2));' \
  "$H/project/.claude/settings.local.json" "sh $H/block-once.sh"
T="$OUT/claude/turns"; mkdir -p "$T"
start_pane "$S" "$H" claude "${CLAUDE_ENV[@]}"
wait_for "$S" "? for shortcuts" 60; sleep 2
cp "$H/hooks.jsonl" "$T/session-start.hooks.jsonl"
TRANSCRIPT=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0]).transcript_path)' "$H/hooks.jsonl")
STREAMS="hooks=$H/hooks.jsonl transcript=$TRANSCRIPT"
record_turn "$S" "$T" completed "Say hello in one word" "$STREAMS" ""
# Claude Code retries a 401 ten times (3½ to 4 minutes) before it gives up.
record_cases "$S" "$T" "$STREAMS" 400
# Interrupted before its first word, the prompt is back in the input box: clear it.
keys "$S" C-u; sleep 1; snap "$S" "$T/interrupted-before-reply.cleared.txt"
record_turn "$S" "$T" after-interrupt "Say hello in one word" "$STREAMS" ""
touch "$H/block-next"
record_turn "$S" "$T" stop-hook-blocked "Say hello in one word" "$STREAMS" ""
record_turn "$S" "$T" sent-while-busy "Say hello in one word" "$STREAMS" "" 150 "Take your time"
tmux -S "$S" kill-server

fi

if wants codex; then
echo "== codex"
node "$MOCKS/openai.mjs" 8766 5000 & PIDS+=($!)
S=/tmp/ao-record-codex-$$.sock
H=$(fresh_home); fresh_project "$H"
start_pane "$S" "$H" "codex --no-daemon"
sleep 30; snap "$S" "$OUT/codex/screens/sign-in.txt"
tmux -S "$S" kill-server
H=$(fresh_home); fresh_project "$H"; codex_mock_config "$H"
start_pane "$S" "$H" "codex --no-daemon"
sleep 15; snap "$S" "$OUT/codex/screens/folder-trust.txt"
keys "$S" Enter; sleep 6; snap "$S" "$OUT/codex/screens/idle.txt"
cp "$H/.codex/config.toml" "$OUT/codex/config-after-trust.toml"
keys "$S" -l "Say hello in one word"; sleep 0.5; keys "$S" Enter
sleep 2; snap "$S" "$OUT/codex/screens/working.txt"
sleep 7; snap "$S" "$OUT/codex/screens/idle-after-turn.txt"
keys "$S" -l "Please create a file named hello.txt"; sleep 0.5; keys "$S" Enter
sleep 8; snap "$S" "$OUT/codex/screens/approval-prompt.txt"
keys "$S" Enter; sleep 8
keys "$S" C-c; sleep 1; keys "$S" C-c; sleep 2; snap "$S" "$OUT/codex/screens/exited.txt"
ROLLOUT=$(find "$H/.codex/sessions" -name 'rollout-*.jsonl' | head -1)
cp "$ROLLOUT" "$OUT/codex/rollout.jsonl"
SESSION=$(basename "$ROLLOUT" .jsonl | grep -oE '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
tmux -S "$S" kill-server
start_pane "$S" "$H" "codex --no-daemon resume $SESSION"
sleep 10; snap "$S" "$OUT/codex/screens/resumed.txt"
tmux -S "$S" kill-server
mkdir -p "$H/project2" && git -C "$H/project2" init -q
env -u TMUX HOME="$H" PATH="$BIN:/usr/local/bin:/usr/bin:/bin" TERM=xterm-256color \
  tmux -S "$S" -f /dev/null new-session -d -s rec -x 200 -y 50 -c "$H/project2" \
  "codex --no-daemon -c 'projects={\"$H/project2\"={trust_level=\"trusted\"}}' 'Say hello in one word'"
sleep 4; snap "$S" "$OUT/codex/screens/pretrusted-start.txt"
tmux -S "$S" kill-server

echo "== codex turns"
# The rollout file of one conversation, turn by turn, and what Codex's hooks (given with -c, so they
# need the "Hooks need review" dialog once) receive for the same turns.
H=$(fresh_home); fresh_project "$H"; codex_mock_config "$H"
HOOK=$(node -e 'console.log(JSON.stringify(process.argv[1]))' "${HOOK_RECORDER//\$HOME/$H}")
HOOKS=""
for event in SessionStart UserPromptSubmit PreToolUse PostToolUse Stop Interrupt SessionEnd; do
  HOOKS="$HOOKS$event=[{hooks=[{type=\"command\",command=$HOOK}]}],"
done
printf 'exec codex --no-daemon -c %s -c %s\n' "'projects={\"$H/project\"={trust_level=\"trusted\"}}'" "'hooks={${HOOKS%,}}'" >"$H/codex.sh"
T="$OUT/codex/turns"; mkdir -p "$T"
start_pane "$S" "$H" "sh $H/codex.sh"
wait_for "$S" "Hooks need review" 60; snap "$S" "$T/hooks-need-review.txt"
keys "$S" Down; sleep 0.5; keys "$S" Enter
wait_for "$S" "? for shortcuts" 60; sleep 2
record_turn "$S" "$T" completed "Say hello in one word" "hooks=$H/hooks.jsonl" ""
ROLLOUT=$(find "$H/.codex/sessions" -name 'rollout-*.jsonl' | head -1)
head -1 "$ROLLOUT" >"$T/session-meta.rollout.jsonl"
since "$ROLLOUT" "$(head -1 "$ROLLOUT" | wc -c)" >"$T/completed.rollout.jsonl"
STREAMS="hooks=$H/hooks.jsonl rollout=$ROLLOUT"
record_cases "$S" "$T" "$STREAMS" 120
record_turn "$S" "$T" after-interrupt "Say hello in one word" "$STREAMS" ""
record_turn "$S" "$T" sent-while-busy "Say hello in one word" "$STREAMS" "" 150 "Take your time"
tmux -S "$S" kill-server

fi

if wants gemini; then
echo "== gemini"
node "$MOCKS/gemini.mjs" 8767 4000 & PIDS+=($!)
S=/tmp/ao-record-gemini-$$.sock
H=$(fresh_home); fresh_project "$H"
start_pane "$S" "$H" gemini
sleep 35; snap "$S" "$OUT/gemini/screens/folder-trust.txt"
keys "$S" Enter; sleep 15; snap "$S" "$OUT/gemini/screens/auth-choice.txt"
tmux -S "$S" kill-server
mkdir -p "$H/.gemini" && echo '{"security":{"auth":{"selectedType":"gemini-api-key"}}}' >"$H/.gemini/settings.json"
GEMINI_ENV=(GEMINI_API_KEY=offline-fixture-key GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:8767)
start_pane "$S" "$H" gemini "${GEMINI_ENV[@]}"
wait_for "$S" "Type your message" 120; sleep 2; snap "$S" "$OUT/gemini/screens/idle.txt"
keys "$S" -l "Say hello in one word"; sleep 0.5; keys "$S" Enter; sleep 3
snap "$S" "$OUT/gemini/screens/working.txt"
keys "$S" Escape; sleep 1; keys "$S" C-c; sleep 0.5; keys "$S" C-c; sleep 3
snap "$S" "$OUT/gemini/screens/exited.txt"
tmux -S "$S" kill-server
mkdir -p "$H/prompts" && printf 'Fix the flaky test in parser.ts\n' >"$H/prompts/task.md"
start_pane "$S" "$H" "gemini --skip-trust --include-directories $H/prompts --prompt-interactive '@$H/prompts/task.md'" "${GEMINI_ENV[@]}"
sleep 35; snap "$S" "$OUT/gemini/screens/include-directories-trust.txt"
tmux -S "$S" kill-server
start_pane "$S" "$H" "gemini --skip-trust --prompt-interactive '@$H/prompts/task.md'" "${GEMINI_ENV[@]}"
sleep 35; snap "$S" "$OUT/gemini/screens/outside-workspace-read.txt"
tmux -S "$S" kill-server
mkdir -p "$H/project/.ao" && echo '/.ao/' >>"$H/project/.git/info/exclude" && cp "$H/prompts/task.md" "$H/project/.ao/prompt.md"
start_pane "$S" "$H" "gemini --skip-trust --prompt-interactive '@.ao/prompt.md'" "${GEMINI_ENV[@]}"
sleep 35; snap "$S" "$OUT/gemini/screens/working-prompt-file.txt"
tmux -S "$S" kill-server
cp "$H/.gemini/projects.json" "$OUT/gemini/projects.json"
SESSION_FILE=$(find "$H/.gemini/tmp" -name 'session-*.jsonl' | sort | tail -1)
if [ -n "$SESSION_FILE" ]; then head -1 "$SESSION_FILE" >"$OUT/gemini/session-head.jsonl"; else echo "warning: gemini kept no session file" >&2; fi

fi

if wants opencode; then
echo "== opencode"
S=/tmp/ao-record-opencode-$$.sock
H=$(fresh_home); fresh_project "$H"
start_pane "$S" "$H" opencode
wait_for "$S" "ctrl+p commands" 180; sleep 5; snap "$S" "$OUT/opencode/screens/idle.txt"
# Typed too soon after the first frame, opencode keeps the text in the box without sending it.
keys "$S" -l "Say hello in one word"; sleep 2; keys "$S" Enter; sleep 6
snap "$S" "$OUT/opencode/screens/working.txt"
(cd "$H/project" && HOME="$H" "$BIN/opencode" session list --format json >"$OUT/opencode/session-list.json")
keys "$S" Escape; sleep 1; keys "$S" C-c; sleep 2; snap "$S" "$OUT/opencode/screens/exited.txt"
tmux -S "$S" kill-server
mkdir -p "$H/prompts" && printf 'Fix the flaky test in parser.ts\n' >"$H/prompts/task.md"
start_pane "$S" "$H" "opencode --prompt '@$H/prompts/task.md'"
wait_for "$S" "ctrl+p commands" 180; sleep 2; snap "$S" "$OUT/opencode/screens/prompt-flag-prefills.txt"
tmux -S "$S" kill-server
start_pane "$S" "$H" "opencode run --interactive --file $H/prompts/task.md -- 'Carry out the task described in the attached file.'"
sleep 45; snap "$S" "$OUT/opencode/screens/run-interactive-start.txt"
tmux -S "$S" kill-server

fi

# Turns (completed, empty, failed, interrupted) with each agent's own signals.
if wants gemini-turns; then source "$ROOT/scripts/record-agent-turns/gemini.sh"; fi
if wants opencode-turns; then source "$ROOT/scripts/record-agent-turns/opencode.sh"; fi
if wants claude-versioned; then source "$ROOT/scripts/record-agent-turns/claude-versioned.sh"; fi
if wants claude-clear-input; then source "$ROOT/scripts/record-agent-turns/claude-clear-input.sh"; fi
if wants claude-rate-limit; then source "$ROOT/scripts/record-agent-turns/claude-rate-limit.sh"; fi
# What each CLI does with the MCP configuration of a control-plane worker.
if wants worker-mcp; then source "$ROOT/scripts/record-worker-mcp.sh"; fi

echo "recorded into $OUT; review the diff (git diff --stat test/fixtures/agents) before committing"
