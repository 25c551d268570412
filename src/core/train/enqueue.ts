import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { openSessionForge, sessionPull } from "../sessions/session-pull.js";
import { batchRefusal } from "./batch-support.js";
import {
  closeStore,
  insertQueueEntry,
  listQueueEntries,
  openStore,
  writeTransaction,
  type QueueEntry,
  type Session,
  type WriteTx,
} from "../store/index.js";

/** A session's place in its project's queue after `ao merge --queue` (or the `queue` action). */
export interface Enqueued {
  readonly session: string;
  readonly project: string;
  readonly entry: number;
  readonly position: number;
  readonly state: QueueEntry["state"];
  /** It was already in the queue: nothing changed. */
  readonly already: boolean;
}

/**
 * Puts a session at the back of its project's queue (`queue.entered`), or leaves it where it is
 * when it is already in the queue. For callers that checked it is approved.
 */
export function queueSession(
  tx: WriteTx,
  input: { session: Session; pr: number; head: string; by: "ao merge --queue" | "reaction" },
): Enqueued {
  const { session } = input;
  const current = listQueueEntries(tx, { project: session.project, activeOnly: true }).find(
    (entry) => entry.sessionId === session.id,
  );
  const entry =
    current ??
    insertQueueEntry(tx, {
      project: session.project,
      sessionId: session.id,
      head: input.head,
      attempt: 1,
      detail: { pr: input.pr, by: input.by },
      step: "entered",
      event: (inserted) => ({
        type: "queue.entered",
        payload: {
          project: session.project,
          entry: inserted.id,
          position: inserted.position,
          head: input.head,
          by: input.by,
        },
      }),
    });
  const { id, position, state } = entry;
  return {
    session: session.id,
    project: session.project,
    entry: id,
    position,
    state,
    already: current !== undefined,
  };
}

/**
 * `ao merge --queue <session…>`: each session's pull request is observed now and must be open and
 * approved (CI is the train's business: it tests the branch brought up to date). Every session is
 * checked before any is queued, so a refusal queues none; they enter in the order given.
 */
export async function enqueueSessions(
  ctx: AoContext,
  sessionIds: readonly string[],
  options: {
    configPath?: string | undefined;
    /** The head a person saw (the dashboard's "Add to merge queue"): a pull request that moved since is refused. */
    expectedHead?: string | undefined;
  } = {},
): Promise<Enqueued[]> {
  const ready: { session: Session; pr: number; head: string }[] = [];
  for (const id of sessionIds) {
    const opened = await openSessionForge(ctx, id, options.configPath);
    const batchRefused = await batchRefusal(opened.forge, opened.scm);
    if (batchRefused !== undefined) throw batchRefused;
    const pr = await sessionPull(opened);
    const seen = (await opened.scm.plugin.observe([pr], { fresh: true })).get(pr.number);
    if (seen?.state !== "open")
      throw refused(
        id,
        pr.number,
        `it is ${seen?.state ?? "gone"}`,
        "only an open pull request can be queued",
      );
    if (seen.review.decision !== "approved")
      throw refused(
        id,
        pr.number,
        `it is not approved (review: ${seen.review.decision})`,
        `approve it first: ao review ${id} --approve`,
      );
    if (options.expectedHead !== undefined && !sameHead(seen.headSha, options.expectedHead))
      throw refused(
        id,
        pr.number,
        `it is at ${seen.headSha.slice(0, 12)}, not at ${options.expectedHead.slice(0, 12)} as seen`,
        "look at the new commits first, then queue it again with the head shown now",
      );
    ready.push({ session: opened.session, pr: pr.number, head: seen.headSha });
  }
  const store = openStore(ctx);
  try {
    return writeTransaction(store, (tx) =>
      ready.map((item) => queueSession(tx, { ...item, by: "ao merge --queue" })),
    );
  } finally {
    closeStore(store);
  }
}

/** `expected` is the head, or an abbreviation of it (7 to 64 hex digits). */
function sameHead(head: string, expected: string): boolean {
  const given = expected.toLowerCase();
  return /^[0-9a-f]{7,64}$/.test(given) && head.toLowerCase().startsWith(given);
}

function refused(id: string, number: number, why: string, hint: string): AoError {
  return new AoError("E_MERGE_REJECTED", `${id}: pull request #${String(number)} was not queued: ${why}`, {
    hint,
    details: { session: id, pr: number },
  });
}
