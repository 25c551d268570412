# Sourced by scripts/record-agent-fixtures.sh (AO_RECORD_AGENTS=claude-versioned): the Claude Code
# installed in CLI_DIR, recorded into claude/<version>/ next to the older recordings, so ao's
# recognisers are tested against every version recorded. What it records:
#   version.txt, help.txt
#   screens/folder-trust-local-hooks.txt  the trust dialog of a worktree whose hooks live in
#                                         .claude/settings.local.json (as ao's do), nothing pre-trusted
#   screens/pretrusted-start.txt          the same worktree after ao's pre-trust (~/.claude.json
#                                         projects[<worktree>].hasTrustDialogAccepted): the session
#   claude-json-after-start.json          ~/.claude.json after that start (which keys the CLI keeps)
#   turns/<case>.{hooks,transcript}.jsonl, .working.txt, .screen.txt as in claude/turns/, for
#   completed, permission-prompt (a tool call waiting for a person, then allowed), idle-prompt (a
#   minute without input), rate-limited-once (one 429 with retry-after, then the reply) and
#   rate-limited (429 every time, until the CLI gives up).
echo "== claude (versioned)"
[ -x "$BIN/claude" ] || { echo "no claude in $BIN: npm install @anthropic-ai/claude-code there first" >&2; exit 1; }
CLAUDE_VERSION=$(HOME=$(fresh_home) "$BIN/claude" --version | grep -oE '^[0-9]+\.[0-9]+\.[0-9]+')
V="$OUT/claude/$CLAUDE_VERSION"
mkdir -p "$V/screens" "$V/turns"
MOCK_LOG="$V/mock-requests.log" node "$MOCKS/anthropic.mjs" 8775 3000 & PIDS+=($!)
S=/tmp/ao-rec-claude-versioned-$$.sock
HELP_HOME=$(fresh_home)
(cd "$HELP_HOME" && HOME="$HELP_HOME" "$BIN/claude" --version >"$V/version.txt" && HOME="$HELP_HOME" "$BIN/claude" --help >"$V/help.txt" 2>&1)
CLAUDE_ENV=(ANTHROPIC_BASE_URL=http://127.0.0.1:8775 ANTHROPIC_API_KEY=sk-ant-api03-offline-fixture-key-0000000000)
KEY=${CLAUDE_ENV[1]#ANTHROPIC_API_KEY=}
AO_EVENTS="SessionStart UserPromptSubmit PreToolUse PostToolUse Notification Stop StopFailure SessionEnd"
# ~/.claude.json: onboarding done, the API key approved, and (with "trusted") the worktree trusted
# the way ao pre-trusts it.
seed_claude_json() { # home trusted|untrusted
  node -e 'const [dir, key, trusted] = process.argv.slice(1); const seed = { hasCompletedOnboarding: true, theme: "dark", customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] } }; if (trusted === "trusted") seed.projects = { [dir]: { hasTrustDialogAccepted: true } }; console.log(JSON.stringify(seed))' \
    "$1/project" "$KEY" "$2" >"$1/.claude.json"
}

H=$(fresh_home); fresh_project "$H"; mkdir -p "$H/project/.claude"
seed_claude_json "$H" untrusted
# shellcheck disable=SC2086
claude_hooks "$H" $AO_EVENTS
start_pane "$S" "$H" claude "${CLAUDE_ENV[@]}"
wait_for "$S" "trust" 60; sleep 2; snap "$S" "$V/screens/folder-trust-local-hooks.txt"
tmux -S "$S" kill-server

H=$(fresh_home); fresh_project "$H"; mkdir -p "$H/project/.claude"
seed_claude_json "$H" trusted
# shellcheck disable=SC2086
claude_hooks "$H" $AO_EVENTS
start_pane "$S" "$H" claude "${CLAUDE_ENV[@]}"
# 2.1.33x's idle footer names the permission mode ("⏵⏵ auto mode on (shift+tab to cycle)").
wait_for "$S" "shift+tab to cycle" 60; sleep 2; snap "$S" "$V/screens/pretrusted-start.txt"
cp "$H/.claude.json" "$V/claude-json-after-start.json"
T="$V/turns"
cp "$H/hooks.jsonl" "$T/session-start.hooks.jsonl" 2>/dev/null || echo "warning: no SessionStart hook ran" >&2
TRANSCRIPT=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0]).transcript_path)' "$H/hooks.jsonl")
STREAMS="hooks=$H/hooks.jsonl transcript=$TRANSCRIPT"
record_turn "$S" "$T" completed "Say hello in one word" "$STREAMS" ""

# 429 with retry-after: once (the CLI retries, then answers), then every time (it gives up).
offset=$(size "$H/hooks.jsonl")
keys "$S" -l "Hit the rate limit once"; sleep 0.7; keys "$S" Enter
sleep 8; snap "$S" "$T/rate-limited-once.working.txt"
wait_gone "$S" "esc to interrupt" 120; sleep 3; snap "$S" "$T/rate-limited-once.screen.txt"
since "$H/hooks.jsonl" "$offset" >"$T/rate-limited-once.hooks.jsonl"
offset=$(size "$H/hooks.jsonl")
keys "$S" -l "Hit the rate limit"; sleep 0.7; keys "$S" Enter
sleep 8; snap "$S" "$T/rate-limited.working.txt"
sleep 45; snap "$S" "$T/rate-limited.retrying.txt"
wait_gone "$S" "esc to interrupt" 600; sleep 3; snap "$S" "$T/rate-limited.screen.txt"
since "$H/hooks.jsonl" "$offset" >"$T/rate-limited.hooks.jsonl"
since "$TRANSCRIPT" 0 >"$T/conversation.transcript.jsonl"
tmux -S "$S" kill-server

# Auto mode (2.1.33x's default) runs the mock's tool call without asking: the permission prompt and
# its Notification need --permission-mode default, in a session of their own.
H=$(fresh_home); fresh_project "$H"; mkdir -p "$H/project/.claude"
seed_claude_json "$H" trusted
# shellcheck disable=SC2086
claude_hooks "$H" $AO_EVENTS
start_pane "$S" "$H" "claude --permission-mode default" "${CLAUDE_ENV[@]}"
wait_for "$S" "shift+tab to cycle" 60; sleep 2; snap "$S" "$V/screens/idle-permission-mode-default.txt"
# A tool call waits for a person; the Notification hook fires some seconds after the dialog shows.
offset=$(size "$H/hooks.jsonl")
keys "$S" -l "Please create a file named hello.txt"; sleep 0.7; keys "$S" Enter
sleep 15; snap "$S" "$T/permission-prompt.working.txt"
keys "$S" Enter; wait_gone "$S" "esc to interrupt" 60; sleep 3; snap "$S" "$T/permission-prompt.screen.txt"
since "$H/hooks.jsonl" "$offset" >"$T/permission-prompt.hooks.jsonl"
# Claude Code tells its Notification hook when the prompt waited a minute for input.
offset=$(size "$H/hooks.jsonl")
sleep 75; snap "$S" "$T/idle-prompt.screen.txt"
since "$H/hooks.jsonl" "$offset" >"$T/idle-prompt.hooks.jsonl"
tmux -S "$S" kill-server
