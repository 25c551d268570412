import { isAoError } from "../../core/errors.js";
import { HttpRefusal, type RouteAnswer } from "../../core/http/index.js";
import { redactText } from "../../core/redact.js";
import type { ErrorAnswer } from "../api/types.js";

const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  E_USAGE: 400,
  E_ISSUE_INVALID: 400,
  E_CONFIG_INVALID: 400,
  E_NOT_FOUND: 404,
  E_EXISTS: 409,
  E_MERGE_REJECTED: 409,
  E_SESSION_STATE: 409,
  E_SESSION_LIMIT: 409,
  E_RATE_LIMITED: 409,
  E_OVER_BUDGET: 409,
  E_NOT_DELIVERED: 409,
  E_WORKSPACE_DIRTY: 409,
  E_LOCK_TIMEOUT: 409,
  E_TURN_FAILED: 409,
  E_TURN_TIMEOUT: 409,
  E_QUESTION_CHANGED: 409,
  E_NO_QUESTION: 409,
  E_QUESTIONS_UNSUPPORTED: 409,
};

/**
 * Runs one action through its core call and answers with its result, or with the core's refusal
 * as the CLI would print it (message, code, hint; redacted, the token never in it): 400 for bad
 * input, 404 for an unknown session, 409 for a refusal of the state, 500 otherwise.
 */
export async function actionAnswer<T>(token: string, run: () => Promise<T>): Promise<RouteAnswer> {
  try {
    return { status: 200, body: await run() };
  } catch (error) {
    if (error instanceof HttpRefusal || !isAoError(error)) throw error;
    const clean = (text: string) => redactText(text).split(token).join("[redacted]");
    const body: ErrorAnswer = {
      error: clean(error.message),
      code: error.code,
      ...(error.hint === undefined ? {} : { hint: clean(error.hint) }),
    };
    return { status: STATUS_OF_CODE[error.code] ?? 500, body };
  }
}
