#!/bin/sh
# A stand-in for Claude Code in fleet benchmarks (bench/fleet-cycle.mjs): it records what Claude
# Code's hooks record for a conversation that took its first prompt and finished that turn
# (SessionStart, UserPromptSubmit, Stop in .ao/agent-events.jsonl, the file ao's hooks append to),
# then waits like an idle Claude at its
# prompt, as one `sleep` process of about 1 MB. ao reads its activity (idle) from the hook file, as
# it does for the real CLI.
if [ "$1" = "--version" ]; then
  echo "2.1.197 (Claude Code)"
  exit 0
fi
id="bench-$$"
mkdir -p .ao
{
  printf '{"hook_event_name":"SessionStart","session_id":"%s"}\n' "$id"
  printf '{"hook_event_name":"UserPromptSubmit","session_id":"%s","prompt":"the task"}\n' "$id"
  printf '{"hook_event_name":"Stop","session_id":"%s","last_assistant_message":"Done."}\n' "$id"
} >>.ao/agent-events.jsonl
exec sleep 2147483647
