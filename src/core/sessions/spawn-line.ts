import { AoError } from "../errors.js";
import {
  addSpawnWait,
  listSpawnWaits,
  removeSpawnWait,
  updateSpawnWait,
  writeTransaction,
  type SpawnWait,
  type Store,
} from "../store/index.js";

/** Who is in line: enough to show it (ao status) and to tell whose turn it is. */
export interface SpawnLineEntry {
  project: string;
  agent: string;
  task: string;
  pid: number;
  now: () => number;
}

/**
 * The line of spawns waiting to start (store table spawn_waits), so they are shown (`ao status`,
 * the dashboard) and start in order: a spawn may not take room an earlier one waits for — the
 * machine's (E_NO_ROOM) or a slot of the same project (E_SESSION_LIMIT). One waiting for its
 * agent's reset or its project's budget holds no one else up. Rows of processes that are gone are
 * dropped as they are read.
 */
export class SpawnLine {
  private id: number | undefined;

  constructor(
    private readonly store: Store,
    private readonly entry: SpawnLineEntry,
  ) {}

  /** Refuses (E_QUEUED) while an earlier live spawn waits for what this one would take. */
  checkTurn(): void {
    const ahead = liveWaits(this.store).filter(
      (wait) => (this.id === undefined || wait.id < this.id) && this.blockedBy(wait),
    );
    if (ahead.length === 0) return;
    const first = ahead[0]!;
    throw new AoError(
      "E_QUEUED",
      `${ahead.length} earlier spawn${ahead.length === 1 ? " waits" : "s wait"} to start first (${first.project}: ${first.reason})`,
      {
        hint: "wait in line with --queue; `ao status` lists the spawns waiting",
        details: { ahead: ahead.length, waitsFor: first.code },
      },
    );
  }

  /**
   * Joins the line (first call) or says what it waits for now. Behind others (E_QUEUED) it is
   * recorded as waiting for what they wait for, so the spawns behind it keep their order too.
   */
  waitFor(error: AoError): void {
    const behind = (error.details as { waitsFor?: unknown } | undefined)?.waitsFor;
    const code = error.code === "E_QUEUED" && typeof behind === "string" ? behind : error.code;
    const reason = error.message;
    const named = (error.details as { account?: unknown } | undefined)?.account;
    const account = code === "E_RATE_LIMITED" && typeof named === "string" ? named : null;
    writeTransaction(this.store, (tx) => {
      const { project, agent, task, pid } = this.entry;
      if (this.id === undefined)
        this.id = addSpawnWait(tx, {
          project,
          agent,
          task,
          pid,
          code,
          reason,
          account,
          since: this.entry.now(),
        });
      else updateSpawnWait(tx, this.id, { code, reason, account });
    });
  }

  leave(): void {
    const id = this.id;
    if (id === undefined) return;
    this.id = undefined;
    writeTransaction(this.store, (tx) => removeSpawnWait(tx, id));
  }

  private blockedBy(wait: SpawnWait): boolean {
    return (
      wait.code === "E_NO_ROOM" || (wait.code === "E_SESSION_LIMIT" && wait.project === this.entry.project)
    );
  }
}

/** The waiting spawns whose process still runs; the others are removed. */
export function liveWaits(store: Store): SpawnWait[] {
  const waits = listSpawnWaits(store);
  const gone = waits.filter((wait) => !isRunning(wait.pid));
  if (gone.length > 0) writeTransaction(store, (tx) => gone.forEach((wait) => removeSpawnWait(tx, wait.id)));
  return waits.filter((wait) => isRunning(wait.pid));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
