import { hostname } from "node:os";
import type { PrOpened, SessionCreated, SessionStatusChanged } from "../../src/core/events/index.js";
import type { SessionStatus } from "../../src/core/slots/index.js";

/** A spawner on this host that is not running: above Linux's largest pid (2^22), so never reused. */
const ENDED_SPAWNER = { pid: 4_194_305, host: hostname() };

/** The events tests give the store when they make rows by hand: members of the union like any other. */
export function sessionCreated(fields: Partial<SessionCreated["payload"]> = {}): SessionCreated {
  return {
    type: "session.created",
    payload: {
      branch: "b",
      issue: null,
      runtime: "fake",
      agent: "fake",
      spawner: ENDED_SPAWNER,
      ...fields,
    },
  };
}

export function statusChanged(from: SessionStatus, to: SessionStatus, reason = "test"): SessionStatusChanged {
  return { type: "session.status", payload: { from, to, reason } };
}

export function prOpened(number: number, url = `https://forge.invalid/pull/${number}`): PrOpened {
  return { type: "pr.opened", payload: { number, url } };
}
