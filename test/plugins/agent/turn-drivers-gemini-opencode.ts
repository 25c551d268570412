import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { agentEventsFile } from "../../../src/plugins/agent/_shared/agent-events.js";
import type { TurnDriver } from "../../contracts/agent.js";
import { fixture } from "./fixtures.js";

/**
 * Turn drivers for the agent contract's turn section (`agentTurnContract`) for gemini and
 * opencode: each appends the first recorded turn's own signals (test/fixtures/agents/<agent>/turns/),
 * with the reply the contract asks for, where the plugin reads them.
 */
type Line = Record<string, unknown>;

const recorded = (agent: string, file: string): Line[] =>
  fixture(agent, `turns/${file}`)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Line);

function append(file: string, lines: readonly Line[]): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
}

/** Gemini CLI: the BeforeAgent and AfterAgent hook payloads, and the reply in its chat file. */
export function geminiTurnDriver(worktree: string): TurnDriver {
  const chat = join(worktree, ".ao", "contract-chat.jsonl");
  const hooks = recorded("gemini", "hooks.jsonl").map((line): Line => ({
    ...line,
    transcript_path: chat,
    cwd: worktree,
  }));
  const named = (name: string): Line => hooks.find((line) => line["hook_event_name"] === name) ?? {};
  const events = agentEventsFile(worktree);
  return {
    start: () => append(events, [named("BeforeAgent")]),
    end: (reply) => {
      const after = named("AfterAgent");
      append(chat, [{ id: "contract", timestamp: after["timestamp"], type: "gemini", content: reply }]);
      append(events, [{ ...after, prompt_response: reply }]);
    },
  };
}

/** opencode: its plugin's events of the first recorded turn, up to busy, then the rest with `reply`. */
export function opencodeTurnDriver(worktree: string): TurnDriver {
  const lines = recorded("opencode", "events.jsonl");
  const idle = lines.findIndex((line) => line["type"] === "session.idle");
  const busy = lines.findIndex((line) => line["type"] === "session.status");
  const events = agentEventsFile(worktree);
  return {
    start: () => append(events, lines.slice(0, busy + 1)),
    end: (reply) =>
      append(
        events,
        lines
          .slice(busy + 1, idle + 1)
          .map(
            (line) =>
              JSON.parse(JSON.stringify(line).replaceAll("Hello from the mock model.", reply)) as Line,
          ),
      ),
  };
}
