import { join } from "node:path";
import { agentEventsFile } from "../../../src/plugins/agent/_shared/agent-events.js";
import type { TurnDriver } from "../../contracts/agent.js";
import { appendJsonl, turnLines, turnScreen } from "./turn-fixtures.js";

/**
 * Turn drivers for the agent contract (test/contracts/agent.ts, `agentTurnContract`): each writes a
 * recorded turn's signals, with the reply the contract asks for, where its plugin reads them. Add
 * one here for every agent that offers observeTurn.
 */
type Line = Record<string, unknown>;
const hookNamed = (lines: Line[], name: string): Line =>
  lines.find((line) => line["hook_event_name"] === name) ?? {};

/** Claude Code: the UserPromptSubmit and Stop hook payloads, into `.ao/agent-events.jsonl`. */
export function claudeTurnDriver(worktree: string): TurnDriver {
  // The recorded transcript path is the recording machine's: point it at one this test owns.
  const transcript = join(worktree, ".ao", "contract-transcript.jsonl");
  const hooks = turnLines("claude", "completed", "hooks").map((line) => ({
    ...line,
    transcript_path: transcript,
  }));
  const events = agentEventsFile(worktree);
  return {
    start: () => appendJsonl(events, [hookNamed(hooks, "UserPromptSubmit")]),
    end: (reply) => appendJsonl(events, [{ ...hookNamed(hooks, "Stop"), last_assistant_message: reply }]),
    workingScreen: turnScreen("claude", "completed", "working"),
  };
}

/** Codex: a rollout (session_meta with the worktree as cwd) and one turn's task_started … task_complete. */
export function codexTurnDriver(codexHome: string, worktree: string): TurnDriver {
  const meta = turnLines("codex", "session-meta", "rollout")[0] ?? {};
  const metaPayload = meta["payload"] as Line;
  const file = join(
    codexHome,
    "sessions",
    "2026",
    "12",
    "01",
    `rollout-2026-12-01T20-22-30-${String(metaPayload["id"])}.jsonl`,
  );
  const lines = turnLines("codex", "completed", "rollout");
  const typed = (type: string) =>
    lines.find((line) => (line["payload"] as Line | undefined)?.["type"] === type) ?? {};
  return {
    start: () =>
      appendJsonl(file, [{ ...meta, payload: { ...metaPayload, cwd: worktree } }, typed("task_started")]),
    end: (reply) => {
      const complete = typed("task_complete");
      appendJsonl(file, [
        { ...complete, payload: { ...(complete["payload"] as Line), last_agent_message: reply } },
      ]);
    },
  };
}
