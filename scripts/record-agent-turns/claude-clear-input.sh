# Sourced by scripts/record-agent-fixtures.sh (AO_RECORD_AGENTS=claude-clear-input): what the Claude
# Code installed in CLI_DIR does with Ctrl-U after a multi-line paste that was never submitted, the
# state ao's delivery recovery clears (docs/turns.md, "Recovery"). The text is pasted the way ao's
# tmux runtime pastes (load-buffer from stdin, then `paste-buffer -p -r -d`: bracketed, LF kept),
# then C-u is pressed until a press changes nothing, the screen captured after each press:
#   screens/clear-input/<paste>.paste.txt      the text pasted
#   screens/clear-input/<paste>.pasted.txt     the screen after the paste
#   screens/clear-input/<paste>.ctrl-u-<n>.txt after the n-th C-u
# for two pastes: `short` (three lines, shown as typed) and `long` (40 lines, which Claude Code
# folds into a "[Pasted text #1 +N lines]" placeholder). 2.1.197 (the first recording) goes into
# claude/screens/, a newer version into claude/<version>/screens/.
echo "== claude clear input"
[ -x "$BIN/claude" ] || { echo "no claude in $BIN: npm install @anthropic-ai/claude-code there first" >&2; exit 1; }
CLEAR_VERSION=$(HOME=$(fresh_home) "$BIN/claude" --version | grep -oE '^[0-9]+\.[0-9]+\.[0-9]+')
FIRST_VERSION=$(grep -oE '^[0-9]+\.[0-9]+\.[0-9]+' "$ROOT/test/fixtures/agents/claude/version.txt")
if [ "$CLEAR_VERSION" = "$FIRST_VERSION" ]; then V="$OUT/claude"; else V="$OUT/claude/$CLEAR_VERSION"; fi
C="$V/screens/clear-input"
mkdir -p "$C"
node "$MOCKS/anthropic.mjs" 8779 1000 & PIDS+=($!)
S=/tmp/ao-rec-claude-clear-$$.sock
CLEAR_ENV=(ANTHROPIC_BASE_URL=http://127.0.0.1:8779 ANTHROPIC_API_KEY=sk-ant-api03-offline-fixture-key-0000000000)
H=$(fresh_home); fresh_project "$H"
# Onboarding done, the key approved and the project trusted, as ao pre-trusts a worktree.
node -e 'const [dir, key] = process.argv.slice(1); console.log(JSON.stringify({ hasCompletedOnboarding: true, theme: "dark", customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] }, projects: { [dir]: { hasTrustDialogAccepted: true } } }))' \
  "$H/project" "${CLEAR_ENV[1]#ANTHROPIC_API_KEY=}" >"$H/.claude.json"
start_pane "$S" "$H" claude "${CLEAR_ENV[@]}"
# The idle footer differs by version ("? for shortcuts", "shift+tab to cycle"); the prompt does not.
wait_for "$S" "❯" 60; sleep 5
snap "$S" "$C/idle.txt"

# paste_and_clear <name> <text>: paste as ao does, then C-u until a press changes nothing (at most
# eight presses; the last screen is the same as the one before it).
paste_and_clear() {
  local name=$1 text=$2 n previous
  previous="$C/$name.pasted.txt"
  printf '%s' "$text" >"$C/$name.paste.txt"
  printf '%s' "$text" | tmux -S "$S" load-buffer -b ao-clear -
  tmux -S "$S" paste-buffer -p -r -d -b ao-clear -t rec
  sleep 2; snap "$S" "$previous"
  for n in 1 2 3 4 5 6 7 8; do
    keys "$S" C-u; sleep 1.5; snap "$S" "$C/$name.ctrl-u-$n.txt"
    if cmp -s "$C/$name.ctrl-u-$n.txt" "$previous"; then break; fi
    previous="$C/$name.ctrl-u-$n.txt"
  done
}
paste_and_clear short $'Fix the flaky test in parser.ts\nIt fails one run in ten on CI.\n[ao reaction r-fixture-1]'
# Whatever the short paste left is cleared before the long one (Escape twice would open rewind).
for _ in 1 2 3 4 5 6; do keys "$S" C-u; sleep 0.3; done
LONG=$(for i in $(seq 1 39); do echo "Line $i of a long review comment pasted by ao."; done; printf '[ao reaction r-fixture-2]')
paste_and_clear long "$LONG"
tmux -S "$S" kill-server
