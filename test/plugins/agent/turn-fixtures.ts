import { appendFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Liveness, TurnCursorProbe, TurnProbe } from "../../../src/core/slots/index.js";
import { fixture } from "./fixtures.js";

/**
 * The turn fixtures recorded from the real CLIs (test/fixtures/agents/<agent>/turns/): per case, the
 * lines each signal stream gained during that one turn (`<case>.<stream>.jsonl`) and its screens
 * (`<case>.working.txt`, `<case>.screen.txt`). The cases are listed in that folder's README.
 * This is the parsed lines one stream gained in one case ([] for an empty file).
 */
export function turnLines(agent: string, name: string, stream: string): Record<string, unknown>[] {
  return fixture(agent, join("turns", `${name}.${stream}.jsonl`))
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export function turnScreen(agent: string, name: string, moment: "working" | "screen"): string {
  return fixture(agent, join("turns", `${name}.${moment}.txt`));
}

/** Appends objects as JSONL (creating the file and its folder), as the agent programs do. */
export function appendJsonl(file: string, lines: readonly Record<string, unknown>[]): void {
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
}

const ALIVE: Liveness = { state: "alive" };

export function cursorProbe(worktree: string, overrides: Partial<TurnCursorProbe> = {}): TurnCursorProbe {
  return { sessionId: "app-1", worktree, liveness: ALIVE, ...overrides };
}

/** A probe of an open turn, delivered at t=1000; `now` defaults to a second later. */
export function turnProbe(worktree: string, cursor: string, overrides: Partial<TurnProbe> = {}): TurnProbe {
  return {
    ...cursorProbe(worktree),
    cursor,
    message: { sha256: "0".repeat(64), bytes: 21 },
    deliveredAt: 1_000,
    now: 2_000,
    ...overrides,
  };
}
