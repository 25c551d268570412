import type { LimitWindow, SessionView } from "../core/sessions/index.js";
import { terminalCell } from "./terminal-text.js";

/**
 * How `ao status` and `ao session ls` show a held session (docs/limits-and-budgets.md): the status
 * cell says until when ("rate_limited until 15:31 (in 3m)", local time), and a note under the table
 * gives the agent's own words or the budget crossed — a row stays one line.
 */
export function holdStatusCell(view: SessionView, status: string, now: number): string {
  const until = untilOf(view);
  return until === undefined ? status : `${status} until ${localClock(until, now)} (${fromNow(until, now)})`;
}

/** One line per held session, under the table: whose, why, and what happens next. */
export function holdNotes(views: readonly SessionView[], now: number): string[] {
  const held = views.filter((view) => view.hold !== null);
  if (held.length === 0) return [];
  return [
    "",
    ...held.map((view) => {
      const hold = view.hold!;
      const until = untilOf(view);
      const next =
        until === undefined
          ? "no turns until the budget allows (ao send --over-budget gives one anyway)"
          : `resumes with one turn after ${localClock(until, now)}`;
      return `${view.id} ${view.status}: ${terminalCell(hold.words)}; ${next}`;
    }),
  ];
}

/**
 * One line per account at its usage limit, under the table: "usage limit claude-code@3f9a…: until
 * 15:31 (in 3m); 2 sessions and 1 spawn wait on it". Accounts are fingerprints, never secrets.
 */
export function limitWindowNotes(windows: readonly LimitWindow[], now: number): string[] {
  if (windows.length === 0) return [];
  return [
    "",
    ...windows.map((window) => {
      const until = Date.parse(window.until);
      const waiting = `${count(window.sessions, "session")} and ${count(window.spawns, "spawn")} wait on it`;
      const resuming =
        window.resumesUntil === null
          ? ""
          : `; resuming one after another until ${localClock(Date.parse(window.resumesUntil), now)}`;
      return `usage limit ${window.account}: until ${localClock(until, now)} (${fromNow(until, now)}); ${waiting}${resuming}`;
    }),
  ];
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

function untilOf(view: SessionView): number | undefined {
  const until = view.hold?.until;
  return until === null || until === undefined ? undefined : Date.parse(until);
}

/** "15:31" today, "Dec 9 17:00" another day: the machine's local time. */
function localClock(at: number, now: number): string {
  const date = new Date(at);
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (date.toDateString() === new Date(now).toDateString()) return clock;
  return `${date.toLocaleDateString("en-US", { month: "short", day: "numeric" })} ${clock}`;
}

/** "in 3m", "in 45s", "in 2h", or "reset passed" once the daemon has yet to resume it. */
function fromNow(at: number, now: number): string {
  const seconds = Math.ceil((at - now) / 1000);
  if (seconds <= 0) return "reset passed";
  if (seconds < 60) return `in ${seconds}s`;
  if (seconds < 3600) return `in ${Math.ceil(seconds / 60)}m`;
  if (seconds < 86_400) return `in ${Math.round(seconds / 3600)}h`;
  return `in ${Math.round(seconds / 86_400)}d`;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
