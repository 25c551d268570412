import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { AO_BIN, type AoRun } from "../helpers/run-ao.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * What the turns end-to-end tests share: a session of one fake agent whose behaviour per turn comes
 * from FAKE_AGENT_TURNS_FILE, rewritten by each test before it sends, and `ao` as a killable child.
 */
export interface TurnJson {
  id: string;
  status: string;
  origin: string;
  replySource: string | null;
  error: string | null;
  reply?: string | null;
}

/** A spawned session app-1 of `agent` whose next turn each test sets with `nextTurn`. */
export type TurnsWorld = E2e & {
  /** The fake's settings for its next turns (reply, workMs, fail, failExit: FAKE_AGENT_TURNS_FILE). */
  nextTurn(settings: Record<string, unknown>): void;
  /** `ao turns app-1 --json`, after the task's own turn (t-1, origin spawn): the messages' turns. */
  turns(): TurnJson[];
};

export function turnsWorld(agent: string): TurnsWorld {
  const e2e = makeE2e();
  const turnsFile = join(e2e.userHome, "turns.json");
  e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
  e2e.writeConfig(`agent: ${agent}`);
  const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
  expect(spawned.exitCode, spawned.stderr).toBe(0);
  const allTurns = (): TurnJson[] => {
    const listed = e2e.ao(["turns", "app-1", "--json"]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    return (JSON.parse(listed.stdout) as { turns: TurnJson[] }).turns;
  };
  // The agent works on its task first (its first turn, t-1); the tests' messages come after it. An
  // agent that starts idle (aider) ends it empty, so the wait's exit status is not the point.
  e2e.ao(["turns", "wait", "t-1", "--timeout", "60s"]);
  expect(allTurns()[0]).toMatchObject({ id: "t-1", origin: "spawn" });
  expect(["completed", "empty"]).toContain(allTurns()[0]?.status);
  return Object.assign(e2e, {
    nextTurn: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
    turns: () => allTurns().slice(1),
  });
}

/** `ao` as a child process this test can kill. */
export function startAo(e2e: E2e, args: string[]): { pid: number; done: Promise<AoRun> } {
  const child = spawn(process.execPath, [AO_BIN, ...args], {
    cwd: e2e.configDir,
    env: { ...e2e.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<AoRun>((resolve) =>
    child.on("close", (code) => resolve({ exitCode: code ?? -1, stdout, stderr })),
  );
  return { pid: child.pid ?? -1, done };
}

/** How many times the fake aider was given `text` (it writes each submitted message to its chat history). */
export function submissions(e2e: E2e, text: string): number {
  const history = join(e2e.worktree("app-1"), ".ao", "aider.chat.history.md");
  if (!existsSync(history)) return 0;
  return readFileSync(history, "utf8")
    .split("\n")
    .filter((line) => line === `#### ${text}`).length;
}
