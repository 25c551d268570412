# Sourced by scripts/record-agent-fixtures.sh (AO_RECORD_AGENTS=gemini-turns): one Gemini CLI
# session that goes through a completed, an empty, a failed and an interrupted turn, with hooks in
# the workspace's .gemini/settings.json recording what Gemini CLI passes them, as ao's hooks do.
# The mock (scripts/agent-fixture-mocks/gemini.mjs) answers by what each prompt asks.
echo "== gemini turns"
node "$MOCKS/gemini.mjs" 8767 1000 & PIDS+=($!)
S=/tmp/ao-rec-gemini-turns-$$.sock
T="$OUT/gemini/turns"
mkdir -p "$T/screens"
H=$(fresh_home); fresh_project "$H"
mkdir -p "$H/.gemini" "$H/project/.gemini"
echo '{"security":{"auth":{"selectedType":"gemini-api-key"}}}' >"$H/.gemini/settings.json"
HOOK="cat >> $H/hooks.jsonl; echo >> $H/hooks.jsonl"
node -e 'const [cmd, ...events] = process.argv.slice(1); const hooks = {}; for (const e of events) hooks[e] = [{ matcher: "", hooks: [{ name: "ao-turns", type: "command", command: cmd }] }]; console.log(JSON.stringify({ hooks }, null, 2));' \
  "$HOOK" SessionStart BeforeAgent AfterAgent BeforeTool AfterTool Notification SessionEnd >"$H/project/.gemini/settings.json"
# --skip-trust alone loads no workspace settings (it takes effect after they were read): the
# environment variable it sets has to be there from the start for the hooks to load.
GEMINI_ENV=(GEMINI_CLI_TRUST_WORKSPACE=true GEMINI_API_KEY=offline-fixture-key GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:8767)
start_pane "$S" "$H" "gemini --skip-trust" "${GEMINI_ENV[@]}"
wait_for "$S" "Type your message" 120; sleep 3; snap "$S" "$T/screens/idle-hooks-warning.txt"
# Waits until the turn is over: no "esc to cancel" spinner and no dialog box, twice in a row.
settle() {
  local deadline=$((SECONDS + $1)) calm=0
  while ((calm < 2)); do
    if ((SECONDS > deadline)); then echo "warning: gemini did not settle within $1s" >&2; return 0; fi
    if tmux -S "$S" capture-pane -p -t rec | grep -qE 'esc to cancel|╭'; then calm=0; else calm=$((calm + 1)); fi
    sleep 1
  done
}
turn() { # prompt screen-name
  keys "$S" -l "$1"; sleep 0.5; keys "$S" Enter; sleep 2; settle 60; snap "$S" "$T/screens/$2.txt"
}
dialog() { # prompt dialog-screen-name screen-name: the dialog's "2. Stop" ends the turn
  keys "$S" -l "$1"; sleep 0.5; keys "$S" Enter
  wait_for "$S" "2. Stop" 60; sleep 1; snap "$S" "$T/screens/$2.txt"
  keys "$S" Down; sleep 0.5; keys "$S" Enter; sleep 2; settle 30; snap "$S" "$T/screens/$3.txt"
}
turn "Say hello in one word" completed
turn "Please list the files" completed-after-tool
turn "Please list the files and then say nothing" empty-after-tool
turn "Please reply with nothing" empty-response
turn "Please fail with 401" failed-401
dialog "Please fail with 404" model-not-found-dialog failed-404
dialog "Please fail with 429" daily-quota-dialog failed-429
keys "$S" -l "Please take your time"; sleep 0.5; keys "$S" Enter; sleep 5; snap "$S" "$T/screens/working-long.txt"
keys "$S" Escape; sleep 2; settle 20; snap "$S" "$T/screens/interrupted.txt"
keys "$S" C-c; sleep 0.5; keys "$S" C-c; sleep 4
cp "$H/hooks.jsonl" "$T/hooks.jsonl"
CHAT=$(find "$H/.gemini/tmp" -name 'session-*.jsonl' | sort | tail -1)
cp "$CHAT" "$T/chat.jsonl"
tmux -S "$S" kill-server
