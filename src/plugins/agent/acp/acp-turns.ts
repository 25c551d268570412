import type { AgentTurns, TurnProbe, TurnSignal } from "../../../core/plugin-api.js";
import { fileSize } from "../_shared/jsonl-since.js";
import { decodeCursor, encodeCursor, withDefined } from "../_shared/turn-cursor.js";
import { readRecordSince } from "./record-entries.js";
import { foldTurn, type AcpTurnEnd, type AcpTurnState } from "./turn-fold.js";
import { summarizeTurn } from "./turn-work.js";

/**
 * The turns of an ACP session, from its record alone (record.ts, turn-fold.ts): the cursor is a
 * byte offset into the record, taken before delivery; the first `session/prompt` after it is the
 * turn's, its response ends it, and the reply, tool calls and plan are read from the lines between.
 */
const KIND = "acp/1" as const;

interface AcpCursor {
  kind: typeof KIND;
  offset: number;
  turn?: AcpTurnState;
}

/** Ctrl-C in the host cancels the running turn (`session/cancel`) or a pending question. */
export const ACP_INTERRUPT_KEYS = ["C-c"] as const;

export function acpTurns(recordOf: (sessionId: string) => string): Required<AgentTurns> {
  return {
    turnCursor: (probe) =>
      Promise.resolve(encodeCursor<AcpCursor>({ kind: KIND, offset: fileSize(recordOf(probe.sessionId)) })),
    observeTurn: (probe) => Promise.resolve(probe).then((p) => observeAcpTurn(p, recordOf(p.sessionId))),
    interruptKeys: ACP_INTERRUPT_KEYS,
    // Ctrl-U clears the host's input line.
    clearInputKeys: ["C-u"],
  };
}

export function observeAcpTurn(probe: TurnProbe, record: string): TurnSignal {
  const cursor = decodeCursor<AcpCursor>(probe.cursor, KIND) ?? { kind: KIND, offset: 0 };
  const since = readRecordSince(record, cursor.offset);
  const { state, end } = foldTurn(since.entries, cursor.turn ?? {});
  const next: AcpCursor = { kind: KIND, offset: since.offset, turn: state };
  if (state.promptId === undefined) return { state: "waiting", cursor: encodeCursor(next) };
  if (end === undefined)
    return withDefined({ state: "running" as const, cursor: encodeCursor(next), startedAt: state.startedAt });
  return ended(record, next, end);
}

function ended(record: string, cursor: AcpCursor, end: AcpTurnEnd): TurnSignal {
  const from = cursor.turn?.promptAt ?? cursor.offset;
  const lines = readRecordSince(record, from).entries.filter((entry) => entry.start < end.endAt);
  const { reply, work } = summarizeTurn(lines);
  return withDefined({
    state: "ended" as const,
    cursor: encodeCursor(cursor),
    outcome: end.outcome,
    reply,
    source: "transcript" as const,
    error: end.error,
    startedAt: cursor.turn?.startedAt,
    endedAt: end.at,
    work,
  });
}
