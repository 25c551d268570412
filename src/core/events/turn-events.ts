import type { EndedTurnStatus, ReplySource, TurnOrigin } from "../slots/turns.js";

/** What every turn event says: which turn, and who gave it. */
export type TurnFacts = {
  turnId: string;
  origin: TurnOrigin;
};

/**
 * The life of a turn (src/core/slots/turns.ts), one event per change. Message and reply texts never
 * enter the feed, only their sizes (and the message's hash): they may quote reviews or secrets.
 */
export type TurnEvent =
  | {
      type: "turn.queued";
      sessionId?: string | null;
      payload: TurnFacts & { bytes: number; sha256: string; reactionId?: number };
    }
  | { type: "turn.delivering"; sessionId?: string | null; payload: TurnFacts }
  | {
      type: "turn.delivered";
      sessionId?: string | null;
      payload: TurnFacts & { attempts: number; confirmed: boolean };
    }
  | { type: "turn.started"; sessionId?: string | null; payload: TurnFacts }
  | {
      type: "turn.ended";
      sessionId?: string | null;
      payload: TurnFacts & {
        status: EndedTurnStatus;
        replyBytes: number;
        replySource: ReplySource | null;
        /** The agent's own words when it failed, redacted. */
        error?: string;
      };
    };
