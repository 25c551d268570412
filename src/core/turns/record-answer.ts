import type { SessionAnswered } from "../events/index.js";
import { appendEvent, writeTransaction, type Store } from "../store/index.js";

/** Who answered, as `session.answered` names them: `cli`, `dashboard`, `commander <name>`. */
export type Answerer = string;

/**
 * Records who answered the agent's question with what (`session.answered`), for the session page's
 * events and timeline and `ao events`: one event per answer given, confirmed or not, for a question
 * asked as data (ACP) or on the agent's screen alike.
 */
export function recordAnswer(store: Store, sessionId: string, payload: SessionAnswered["payload"]): void {
  writeTransaction(store, (tx) => appendEvent(tx, { type: "session.answered", sessionId, payload }));
}
