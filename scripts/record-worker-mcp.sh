# Sourced by record-agent-fixtures.sh (AO_RECORD_AGENTS="worker-mcp"): what each real CLI does with
# the MCP configuration ao hands a control-plane worker (src/plugins/agent/*/worker-mcp.ts), into
# test/fixtures/agents/<agent>/worker-mcp/. The server is a spy: a shell script that logs its argv
# and AO_HOME at once (a CLI that fails its login may end before node starts), then runs
# test/fixtures/mcp/report-server.mjs, a real MCP server offering orch_report. Offline: every CLI
# gets as far as reading its configuration and starting (or listing) the server.
echo "== worker-mcp"
H=$(fresh_home); fresh_project "$H"
SPY="$H/spy-server.sh"
cat >"$SPY" <<SPY
#!/bin/sh
echo "started argv=\$* AO_HOME=\${AO_HOME:-unset}" >>"$H/spy.log"
exec "$(command -v node)" "$ROOT/test/fixtures/mcp/report-server.mjs" "\$@"
SPY
chmod +x "$SPY"
SECRET=/var/tmp/ao-worker.secret
ENV_JSON="{\"AO_HOME\":\"$H/ao\"}"
for agent in claude codex gemini opencode; do mkdir -p "$OUT/$agent/worker-mcp"; done
# Paths vary per run: fixtures name them <home>.
scrub() { sed -e "s#$H#<home>#g" -e "s#$(command -v node)#<node>#g"; }
in_project() { (cd "$H/project" && env HOME="$H" PATH="$BIN:/usr/local/bin:/usr/bin:/bin" "$@" 2>&1) || true; }

# Claude Code: --mcp-config <file> --allowedTools mcp__ao__orch_report --strict-mcp-config, then a prompt.
cat >"$H/claude-mcp.json" <<JSON
{"mcpServers":{"ao":{"type":"stdio","command":"$SPY","args":["--secret-file","$SECRET"],"env":$ENV_JSON}}}
JSON
: >"$H/spy.log"
in_project "$BIN/claude" --mcp-config "$H/claude-mcp.json" --allowedTools mcp__ao__orch_report --strict-mcp-config \
  -p "say hi" | scrub >"$OUT/claude/worker-mcp/print-not-logged-in.txt"
sleep 2; scrub <"$H/spy.log" >"$OUT/claude/worker-mcp/server-started.txt"

# Codex: -c mcp_servers.ao.* overrides; `codex mcp get ao --json` shows how Codex read them.
CODEX_ARGS=(-c "mcp_servers.ao.command=\"$SPY\"" -c "mcp_servers.ao.args=[\"--secret-file\",\"$SECRET\"]"
  -c "mcp_servers.ao.env={\"AO_HOME\"=\"$H/ao\"}" -c 'mcp_servers.ao.enabled_tools=["orch_report"]'
  -c 'mcp_servers.ao.tools.orch_report.approval_mode="approve"')
in_project "$BIN/codex" "${CODEX_ARGS[@]}" mcp get ao --json | grep -v '^WARNING' | scrub >"$OUT/codex/worker-mcp/mcp-get.json"
in_project "$BIN/codex" -c 'mcp_servers.ao.command="/x"' -c 'mcp_servers.ao.tools.orch_report.approval_mode="bogus"' \
  mcp get ao --json | grep -v '^WARNING' | sed -n '1,6p' >"$OUT/codex/worker-mcp/approval-mode-variants.txt"

# Gemini CLI: mcpServers.ao in the workspace settings, trusted at launch, limited to ao's server.
mkdir -p "$H/project/.gemini"
cat >"$H/project/.gemini/settings.json" <<JSON
{"mcpServers":{"ao":{"command":"$SPY","args":["--secret-file","$SECRET"],"env":$ENV_JSON,"includeTools":["orch_report"],"trust":true}}}
JSON
in_project env GEMINI_CLI_TRUST_WORKSPACE=true "$BIN/gemini" mcp list | scrub \
  >"$OUT/gemini/worker-mcp/mcp-list-trusted.txt"
# The worker's flag is a root option (`mcp list` refuses it); without a login Gemini stops before
# any server starts, with its own words (what a worker that cannot run reports).
in_project env GEMINI_CLI_TRUST_WORKSPACE=true "$BIN/gemini" --allowed-mcp-server-names ao --skip-trust -p "say hi" \
  | scrub | tail -3 >"$OUT/gemini/worker-mcp/prompt-no-login.txt"
in_project "$BIN/gemini" mcp list | scrub >"$OUT/gemini/worker-mcp/mcp-list-untrusted.txt"

# opencode: mcp.ao (local) and a permission rule for ao_orch_report in OPENCODE_CONFIG_CONTENT.
OPENCODE_CONTENT="{\"mcp\":{\"ao\":{\"type\":\"local\",\"command\":[\"$SPY\",\"--secret-file\",\"$SECRET\"],\"environment\":$ENV_JSON,\"enabled\":true}},\"permission\":{\"ao_orch_report\":\"allow\"}}"
in_project env OPENCODE_CONFIG_CONTENT="$OPENCODE_CONTENT" "$BIN/opencode" mcp list | scrub \
  | sed 's/\x1b\[[0-9;]*m//g' >"$OUT/opencode/worker-mcp/mcp-list.txt"
in_project env OPENCODE_CONFIG_CONTENT="$OPENCODE_CONTENT" "$BIN/opencode" debug config | scrub \
  | node -e 'const c=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(JSON.stringify({mcp:c.mcp,permission:c.permission},null,2))' \
  >"$OUT/opencode/worker-mcp/debug-config.json"
