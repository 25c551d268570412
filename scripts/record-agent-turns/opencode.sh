# Sourced by scripts/record-agent-fixtures.sh (AO_RECORD_AGENTS=opencode-turns): one opencode
# `--mini` session that goes through a completed, an empty, a failed and an interrupted turn, with
# a plugin (loaded through OPENCODE_CONFIG_CONTENT, as ao loads its own) appending every session and
# message event to a file. The mock (scripts/agent-fixture-mocks/openai-chat.mjs) is an
# OpenAI-compatible provider in opencode.json, through opencode's bundled @ai-sdk/openai-compatible.
echo "== opencode turns"
node "$MOCKS/openai-chat.mjs" 8768 1000 & PIDS+=($!)
S=/tmp/ao-rec-opencode-turns-$$.sock
T="$OUT/opencode/turns"
mkdir -p "$T/screens"
H=$(fresh_home); fresh_project "$H"
mkdir -p "$H/.config/opencode" "$H/plugin"
cat >"$H/.config/opencode/opencode.json" <<JSON
{
  "\$schema": "https://opencode.ai/config.json",
  "autoupdate": false,
  "share": "disabled",
  "model": "mock/mock-model",
  "small_model": "mock/mock-model",
  "provider": {
    "mock": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "Mock",
      "options": { "baseURL": "http://127.0.0.1:8768/v1", "apiKey": "offline-fixture-key" },
      "models": { "mock-model": { "name": "Mock model" } }
    }
  }
}
JSON
cat >"$H/plugin/record.js" <<JS
import { appendFileSync } from "node:fs";
export const Record = async () => ({
  event: async ({ event }) => {
    if (/^(session|message)\./.test(event.type) && event.type !== "message.part.delta")
      appendFileSync("$H/events.jsonl", JSON.stringify(event) + "\n");
  },
});
JS
# Waits until the turn is over: the footer no longer says "esc interrupt", twice in a row.
settle() {
  local deadline=$((SECONDS + $1)) calm=0
  while ((calm < 2)); do
    if ((SECONDS > deadline)); then echo "warning: opencode did not settle within $1s" >&2; return 0; fi
    if tmux -S "$S" capture-pane -p -t rec | grep -q 'interrupt'; then calm=0; else calm=$((calm + 1)); fi
    sleep 1
  done
}
OPENCODE_ENV=(OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_AUTOUPDATE=1 "OPENCODE_CONFIG_CONTENT={\"plugin\":[\"file://$H/plugin/record.js\"]}")
# `run --interactive` (what ao launched before) answers the first message and exits.
start_pane "$S" "$H" "opencode run --interactive -- 'Say hello in one word'" "${OPENCODE_ENV[@]}"
sleep 90; snap "$S" "$T/screens/run-interactive-exits.txt"
tmux -S "$S" list-panes -t rec -F 'pane_dead=#{pane_dead} exit=#{pane_dead_status}' >>"$T/screens/run-interactive-exits.txt"
tmux -S "$S" kill-server
rm -f "$H/events.jsonl"
start_pane "$S" "$H" "opencode --mini --prompt 'Say hello in one word'" "${OPENCODE_ENV[@]}"
wait_for "$S" "ctrl+p cmd" 180; sleep 3; settle 150; snap "$S" "$T/screens/completed.txt"
turn() { # prompt screen-name
  keys "$S" -l "$1"; sleep 1; keys "$S" Enter; sleep 3; settle 150; snap "$S" "$T/screens/$2.txt"
}
turn "Please fail with 401" failed-401
turn "Please fail with 404" failed-404
keys "$S" -l "Please fail with 429"; sleep 1; keys "$S" Enter; sleep 12; snap "$S" "$T/screens/failed-429-retrying.txt"
settle 150; snap "$S" "$T/screens/failed-429.txt"
keys "$S" -l "Please take your time"; sleep 1; keys "$S" Enter; sleep 8; snap "$S" "$T/screens/working-long.txt"
keys "$S" Escape; sleep 1; snap "$S" "$T/screens/interrupt-once.txt"
sleep 0.2; keys "$S" Escape; sleep 2; settle 20; snap "$S" "$T/screens/interrupted.txt"
# Last: under heavy load (a load average of 13 on 2 cores) --mini crashed here twice, drawing the
# empty answer ("ScrollbackSurface.settle timed out waiting for CodeRenderable highlighting").
turn "Please reply with nothing" empty
SESSION=$(node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n")) { if (l.includes("\"session.created\"")) { console.log(JSON.parse(l).properties.sessionID); break; } }' "$H/events.jsonl")
keys "$S" C-c; sleep 1; keys "$S" C-c; sleep 3; snap "$S" "$T/screens/exited.txt"
cp "$H/events.jsonl" "$T/events.jsonl"
(cd "$H/project" && HOME="$H" "$BIN/opencode" export "$SESSION" >"$T/export.json" 2>/dev/null) || echo "warning: opencode export failed" >&2
tmux -S "$S" kill-server
