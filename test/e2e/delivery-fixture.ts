import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { expect } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";
import { sigkills } from "./stop-fixture.js";

/**
 * The delivery fault test's world: session app-1 of the fake claude (which records every prompt it
 * is given, as Claude Code does, in its transcript), a daemon configuration that needs no network,
 * and readers of what the agent really received, independent of anything ao says.
 */
export interface TurnRow {
  id: string;
  status: string;
  message: { bytes: number; sha256: string };
  error: string | null;
}

export type DeliveryWorld = E2e & {
  /** The fake's settings for its next turns (FAKE_AGENT_TURNS_FILE: workMs, reply). */
  nextTurn(settings: Record<string, unknown>): void;
  /** `ao turns app-1 --json`, which catches the open turn up (and recovers an orphaned delivery). */
  turns(): TurnRow[];
};

export async function deliveryWorld(): Promise<DeliveryWorld> {
  const e2e = makeE2e();
  const turnsFile = join(e2e.userHome, "turns.json");
  e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
  e2e.env["FAKE_AGENT_WORK_MS"] = "100";
  e2e.writeConfig("tracker: local\nscm: local", "port: 0\ndaemon:\n  pollInterval: 1h");
  const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
  expect(spawned.exitCode, spawned.stderr).toBe(0);
  // The task is not a turn of this session: wait for the agent to finish it before sending.
  await eventually(() => (prompts(e2e).length === 1 && agentIdle(e2e) ? true : undefined), "the task");
  return Object.assign(e2e, {
    nextTurn: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
    turns: () => {
      const listed = e2e.ao(["turns", "app-1", "--json"]);
      expect(listed.exitCode, listed.stderr).toBe(0);
      return (JSON.parse(listed.stdout) as { turns: TurnRow[] }).turns;
    },
  });
}

interface TranscriptEntry {
  type: string;
  message: { content: unknown };
}

/** The fake claude's transcript entries, in order (one session, so one file). */
function transcript(e2e: E2e): TranscriptEntry[] {
  const root = join(e2e.userHome, ".claude", "projects");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".jsonl"))
    .flatMap((file) => readFileSync(join(root, file), "utf8").split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as TranscriptEntry);
}

/** Every prompt the agent was given (submitted with Enter), exactly as it received it, in order. */
export function prompts(e2e: E2e): string[] {
  return transcript(e2e)
    .filter((entry) => entry.type === "user" && typeof entry.message.content === "string")
    .map((entry) => entry.message.content as string);
}

/** The agent ended every prompt it was given: with an answer, a failure or an interruption. */
export function agentIdle(e2e: E2e): boolean {
  const ends = transcript(e2e).filter(
    (entry) =>
      entry.type === "assistant" || (entry.type === "user" && typeof entry.message.content !== "string"),
  );
  return ends.length === prompts(e2e).length;
}

/** What the agent's input box holds now, read from its screen (between its last two rules). */
export function inputBox(e2e: E2e): string {
  const lines = e2e.tmux(["capture-pane", "-p", "-t", "=app-1:0"]).split("\n");
  const rules = lines.flatMap((line, index) => (line.startsWith("────") ? [index] : []));
  expect(rules.length, lines.join("\n")).toBeGreaterThanOrEqual(2);
  return lines
    .slice((rules.at(-2) ?? 0) + 1, rules.at(-1))
    .map((line) => line.replace(/^❯ ?/, ""))
    .join("\n")
    .trim();
}

/** The tmux paste buffers ao left behind (it deletes each once pasted). */
export function leftBuffers(e2e: E2e): string[] {
  return e2e
    .tmux(["list-buffers", "-F", "#{buffer_name}"])
    .split("\n")
    .filter((name) => name.startsWith("ao-"));
}

/** Reads ao's store beside ao (read-only): the status of the turn whose message is a text. */
export interface StoreReader {
  statusOf(text: string): string | undefined;
  close(): void;
}

export function storeReader(e2e: E2e): StoreReader {
  let db: Database.Database | undefined;
  return {
    statusOf: (text) => {
      db ??= new Database(join(e2e.home, "ao.db"), { readonly: true, fileMustExist: true });
      const sha256 = createHash("sha256").update(text).digest("hex");
      const row = db.prepare("SELECT status FROM turns WHERE message_sha256 = ?").get(sha256) as
        { status: string } | undefined;
      return row?.status;
    },
    close: () => db?.close(),
  };
}

/** `ao start --foreground` as a child this test kills: `ready` once it said so on stderr. */
export interface DaemonChild {
  ready(): boolean;
  /** SIGKILL now, or `afterMs` after `from()` first holds (looked at every 2 ms). */
  killAfter(afterMs: number, from?: () => boolean): void;
  /** Resolves once it ended (killed, or stopped with `ao stop`). */
  done: Promise<void>;
}

export function foregroundDaemon(e2e: E2e): DaemonChild {
  const child = spawn(process.execPath, [AO_BIN, "start", "--foreground"], {
    cwd: e2e.configDir,
    env: e2e.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timers: NodeJS.Timeout[] = [];
  const done = new Promise<void>((resolve) =>
    child.on("close", (_code, signal) => {
      if (signal === "SIGKILL") sigkills.count += 1;
      timers.forEach(clearTimeout);
      resolve();
    }),
  );
  const kill = () => child.kill("SIGKILL");
  return {
    ready: () => stderr.includes("daemon ready"),
    killAfter: (afterMs, from = () => true) => {
      const watch = setInterval(() => {
        if (!from()) return;
        clearInterval(watch);
        timers.push(setTimeout(kill, afterMs));
      }, 2);
      timers.push(watch);
    },
    done,
  };
}

/** When `check()` first held, looked at every 2 ms: for measuring how long a step takes (60 s guard). */
export async function seenAt(check: () => boolean, what: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return Date.now();
}
