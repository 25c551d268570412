import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { AoError } from "../../../core/plugin-api.js";
import { createFileExclusive, readJsonFile, writeJsonAtomic } from "../../_shared/local-files.js";

/**
 * Local pull requests as files. A pull request is written once when opened (`pull.json`); all that
 * happens to it later is appended as numbered event files, so concurrent writers (the lifecycle
 * merging, a person reviewing) never rewrite each other's data and need no lock.
 */
export interface PullRecord {
  number: number;
  branch: string;
  base: string;
  title: string;
  body: string;
  draft: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** The branch's head when it was opened. */
  openedHead: string;
  /** The base's tip when it was opened: commits reachable from it were never this PR's work. */
  openedBase: string;
}

/** What happened to a pull request after it was opened. */
export type PullEventBody =
  | {
      type: "review";
      decision: "approved" | "changes_requested" | "commented";
      author: string;
      body?: string;
      path?: string;
      line?: number;
    }
  | { type: "resolve"; threadId: string; author: string }
  | { type: "state"; state: "merged" | "closed"; reason: string; sha?: string; commit?: string };

/** An event before the store numbers it. */
export type NewPullEvent = PullEventBody & { createdAt: string };

/** `seq` orders events; it is unique per pull request. */
export type PullEvent = NewPullEvent & { seq: number };

const MAX_ATTEMPTS = 1000;

/**
 * Allocates the next number by creating its directory (mkdir fails with EEXIST for the loser of a
 * race, which moves on to the next number), then writes the record. A directory without a record
 * (a crash in between) only burns its number.
 */
export async function createPull(pulls: string, fields: Omit<PullRecord, "number">): Promise<PullRecord> {
  await mkdir(pulls, { recursive: true });
  let number = (await highest(pulls)) + 1;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++, number++) {
    try {
      await mkdir(join(pulls, String(number)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    const record: PullRecord = { number, ...fields };
    await writeJsonAtomic(join(pulls, String(number), "pull.json"), record);
    return record;
  }
  throw new AoError("E_EXISTS", `no free pull request number in ${pulls}`);
}

export async function readPull(pulls: string, number: number): Promise<PullRecord | undefined> {
  if (!Number.isSafeInteger(number) || number < 1) return undefined;
  return readJsonFile<PullRecord>(join(pulls, String(number), "pull.json"));
}

/** Every complete record, lowest number first. */
export async function listPulls(pulls: string): Promise<PullRecord[]> {
  const numbers = await numbered(pulls);
  const records = await Promise.all(numbers.map((number) => readPull(pulls, number)));
  return records.filter((record): record is PullRecord => record !== undefined);
}

/** Appends an event under the next sequence number (exclusive create, retried on a race). */
export async function appendEvent(pulls: string, number: number, event: NewPullEvent): Promise<PullEvent> {
  const dir = join(pulls, String(number), "events");
  await mkdir(dir, { recursive: true });
  let seq = (await highest(dir)) + 1;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++, seq++) {
    const stored: PullEvent = { ...event, seq };
    if (await createFileExclusive(join(dir, `${String(seq)}.json`), `${JSON.stringify(stored, null, 2)}\n`)) {
      return stored;
    }
  }
  throw new AoError("E_EXISTS", `no free event number in ${dir}`);
}

export async function readEvents(pulls: string, number: number): Promise<PullEvent[]> {
  const dir = join(pulls, String(number), "events");
  const seqs = await numbered(dir);
  const events = await Promise.all(
    seqs.map((seq) => readJsonFile<PullEvent>(join(dir, `${String(seq)}.json`))),
  );
  return events.filter((event): event is PullEvent => event !== undefined);
}

/** Numbers named by the entries of `dir` (`7`, `7.json`), ascending. */
async function numbered(dir: string): Promise<number[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return names
    .map((name) => /^(\d+)(?:\.json)?$/.exec(name)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

async function highest(dir: string): Promise<number> {
  return (await numbered(dir)).at(-1) ?? 0;
}
