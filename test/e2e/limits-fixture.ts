import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { SessionView } from "../../src/core/sessions/session-view.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";
import type { EventJson } from "./event-shapes.js";
import type { TurnJson } from "./turns-fixture.js";

/** What the daemon gives each interrupted session once the limit lifts (`limits.continueMessage`). */
export const CONTINUE_MESSAGE = "Your usage limit has reset: carry on where you stopped.";

/**
 * The usage-limit end-to-end tests' world (issue 14): the built `ao` and its daemon (1 s poll) with
 * one project whose agent is `agent` (a fake on PATH reading FAKE_AGENT_TURNS_FILE, whose `limit`
 * key makes a turn end with that CLI's own limit message), local-mode pull requests whose CI
 * always fails (`false`), a time zone of its own for agent and ao alike, and a test clock
 * (AO_CLOCK_FILE, docs/testing.md) that ao, its daemon, the hook recorder and the fake agent all
 * read, so the test moves time forward instead of waiting for it.
 */
export type LimitsWorld = E2e & {
  /** The fake's settings for its next turns (reply, workMs, fail, limit: FAKE_AGENT_TURNS_FILE). */
  nextTurn(settings: Record<string, unknown>): void;
  /** `ao status --json`'s row of `id`. */
  view(id: string): SessionView | undefined;
  /** `ao turns <id> --json`. */
  turns(id: string): (TurnJson & { message: { sha256: string }; endedAt: string | null })[];
  /** `ao events --json` of one type (or family). */
  events(type: string): EventJson[];
  /** When the daemon's last cycle ran (`ao status --json`'s daemon.lastCycle.at). */
  lastCycleAt(): number | undefined;
  /** The pid of the daemon `ao start` started, for the test's cleanup. */
  startDaemon(): number;
  /** The time ao and the agent see now: the machine's plus the clock file's offset. */
  now(): number;
  /** Moves everyone's clock forward to `at` (never back: ao's clock, like a real one, only advances). */
  advanceClockTo(at: number): void;
};

export function limitsWorld(agent: string, timeZone: string): LimitsWorld {
  const e2e = makeE2e();
  const turnsFile = join(e2e.userHome, "turns.json");
  const clockFile = join(e2e.userHome, "clock");
  writeFileSync(clockFile, "0\n");
  Object.assign(e2e.env, { FAKE_AGENT_TURNS_FILE: turnsFile, TZ: timeZone, AO_CLOCK_FILE: clockFile });
  const offset = () => Number(readFileSync(clockFile, "utf8"));
  writeFileSync(
    join(e2e.configDir, "agent-orchestrator.yaml"),
    [
      "port: 0",
      "daemon:",
      "  pollInterval: 1s",
      "limits:",
      `  continueMessage: "${CONTINUE_MESSAGE}"`,
      "projects:",
      "  app:",
      `    path: ${e2e.repo.dir}`,
      `    agent: ${agent}`,
      "    scm:",
      "      plugin: local",
      '      ci: ["false"]',
      "",
    ].join("\n"),
  );
  const json = <T>(args: string[]): T => {
    const run = e2e.ao([...args, "--json"]);
    expect(run.exitCode, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };
  return Object.assign(e2e, {
    nextTurn: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
    view: (id: string) => json<{ sessions: SessionView[] }>(["status"]).sessions.find((s) => s.id === id),
    turns: (id: string) => json<{ turns: ReturnType<LimitsWorld["turns"]> }>(["turns", id]).turns,
    events: (type: string) =>
      json<{ events: EventJson[] }>(["events", "--type", type, "--limit", "100000"]).events,
    lastCycleAt: () => json<{ daemon?: { lastCycle?: { at: number } } }>(["status"]).daemon?.lastCycle?.at,
    startDaemon: () => json<{ pid: number }>(["start"]).pid,
    now: () => Date.now() + offset(),
    advanceClockTo: (at: number) => {
      const next = at - Date.now();
      expect(next, "the test clock only moves forward").toBeGreaterThanOrEqual(offset());
      // Written whole and renamed into place: a reader never sees a half-written number.
      writeFileSync(`${clockFile}.tmp`, `${next}\n`);
      renameSync(`${clockFile}.tmp`, clockFile);
    },
  });
}

/** The start of the minute `at` falls in. */
export function minuteOf(at: number): number {
  return Math.floor(at / 60_000) * 60_000;
}

/** A second into the next minute: a reset two seconds ahead, printed to the minute, then leaves the
 * daemon the rest of that minute to see it. */
export function earlyInNextMinute(now: number): number {
  return minuteOf(now) + 61_000;
}
