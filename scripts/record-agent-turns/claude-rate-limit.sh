# Sourced by scripts/record-agent-fixtures.sh (AO_RECORD_AGENTS=claude-rate-limit): only the two 429
# cases of claude-versioned.sh, for the Claude Code installed in CLI_DIR, in a session of their own
# (after one ordinary turn, which is not kept), e.g. to give an older recording the 429 cases a newer
# one has. 2.1.197 (the first recording) goes into claude/turns/, a newer version into
# claude/<version>/turns/, with claude-versioned.sh's file names:
#   rate-limited-once.{hooks,transcript}.jsonl, .working.txt, .screen.txt
#       one 429 with retry-after (scenario.mjs RETRY_AFTER_S), then the reply
#   rate-limited.{hooks,transcript}.jsonl, .working.txt, .retrying.txt (53 s in), .last-attempt.txt
#   (the wait before the last attempt, "attempt 10/10"), .screen.txt
#       429 every time, until the CLI gives up (five to ten minutes)
#   AO_RECORD_AGENTS=claude-rate-limit scripts/record-agent-fixtures.sh /tmp/cc197
echo "== claude rate limit"
[ -x "$BIN/claude" ] || { echo "no claude in $BIN: npm install @anthropic-ai/claude-code there first" >&2; exit 1; }
RATE_VERSION=$(HOME=$(fresh_home) "$BIN/claude" --version | grep -oE '^[0-9]+\.[0-9]+\.[0-9]+')
FIRST_VERSION=$(grep -oE '^[0-9]+\.[0-9]+\.[0-9]+' "$ROOT/test/fixtures/agents/claude/version.txt")
if [ "$RATE_VERSION" = "$FIRST_VERSION" ]; then T="$OUT/claude/turns"; else T="$OUT/claude/$RATE_VERSION/turns"; fi
mkdir -p "$T"
node "$MOCKS/anthropic.mjs" 8777 3000 & PIDS+=($!)
S=/tmp/ao-rec-claude-rate-$$.sock
RATE_ENV=(ANTHROPIC_BASE_URL=http://127.0.0.1:8777 ANTHROPIC_API_KEY=sk-ant-api03-offline-fixture-key-0000000000 DISABLE_AUTOUPDATER=1)
H=$(fresh_home); fresh_project "$H"; mkdir -p "$H/project/.claude"
# Onboarding done, the key approved and the project trusted, as ao pre-trusts a worktree.
node -e 'const [dir, key] = process.argv.slice(1); console.log(JSON.stringify({ hasCompletedOnboarding: true, theme: "dark", customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] }, projects: { [dir]: { hasTrustDialogAccepted: true } } }))' \
  "$H/project" "${RATE_ENV[1]#ANTHROPIC_API_KEY=}" >"$H/.claude.json"
claude_hooks "$H" SessionStart UserPromptSubmit PreToolUse PostToolUse Notification Stop StopFailure SessionEnd
start_pane "$S" "$H" claude "${RATE_ENV[@]}"
# The idle footer differs by version ("? for shortcuts", "shift+tab to cycle"); the prompt does not.
wait_for "$S" "❯" 60; sleep 5
TRANSCRIPT=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0]).transcript_path)' "$H/hooks.jsonl")
# One ordinary turn first, as in claude-versioned.sh (not kept: claude/turns/completed.* is the first recording's).
keys "$S" -l "Say hello in one word"; sleep 0.7; keys "$S" Enter
sleep 2; wait_gone "$S" "esc to interrupt" 60; sleep 3

# rate_limit_turn name prompt retrying-or-"" timeout: the steps of claude-versioned.sh, and with
# "retrying" the screen of the last attempt's wait too.
rate_limit_turn() {
  local name=$1 prompt=$2 retrying=$3 timeout=$4 hooks transcript
  hooks=$(size "$H/hooks.jsonl"); transcript=$(size "$TRANSCRIPT")
  keys "$S" -l "$prompt"; sleep 0.7; keys "$S" Enter
  sleep 8; snap "$S" "$T/$name.working.txt"
  if [ -n "$retrying" ]; then
    sleep 45; snap "$S" "$T/$name.retrying.txt"
    wait_for "$S" "attempt 10/10" "$timeout"; sleep 2; snap "$S" "$T/$name.last-attempt.txt"
  fi
  wait_gone "$S" "esc to interrupt" "$timeout"; sleep 3; snap "$S" "$T/$name.screen.txt"
  since "$H/hooks.jsonl" "$hooks" >"$T/$name.hooks.jsonl"
  since "$TRANSCRIPT" "$transcript" >"$T/$name.transcript.jsonl"
}
rate_limit_turn rate-limited-once "Hit the rate limit once" "" 120
rate_limit_turn rate-limited "Hit the rate limit" retrying 600
tmux -S "$S" kill-server
