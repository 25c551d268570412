import type { AgentSignals } from "../../../core/plugin-api.js";
import { parseObject, stringField } from "../_shared/agent-events.js";
import { findRollout } from "./rollouts.js";

/** The rollout events that end a turn (rollout-turns.ts): completed or failed, and interrupted. */
const TURN_ENDS = new Set(["task_complete", "turn_aborted"]);

/**
 * `Agent.signals` of Codex: its rollout file, where Codex itself records each turn's end (ao
 * configures no Codex hooks, turns.ts says why). The file is found by the conversation id once ao
 * has learned it from the rollout (the activity probe); until then there is none to watch.
 */
export function rolloutSignals(codexHome: string): AgentSignals {
  return {
    file: ({ worktree, agentSessionId }) =>
      agentSessionId === undefined ? undefined : findRollout(codexHome, worktree, agentSessionId)?.file,
    wakes: rolloutLineWakes,
  };
}

/** Pure: is this rollout line a turn's end (`event_msg` with `task_complete` or `turn_aborted`)? */
export function rolloutLineWakes(text: string): boolean {
  const line = parseObject(text);
  if (stringField(line, "type") !== "event_msg") return false;
  const type = stringField(line?.["payload"] as Record<string, unknown> | undefined, "type");
  return type !== undefined && TURN_ENDS.has(type);
}
