/**
 * What every event carries besides its `type` and `payload`: the session it is about. The store
 * fills it in for the events of a session change (`insertSession`, `updateSession`, a reaction's
 * transition), so call sites there may leave it out; null means the event is about no one session
 * (a project-wide reaction, a notification without a session).
 */
export interface EventBase {
  sessionId?: string | null;
}
