import type { AoContext } from "../context.js";
import type { RuntimeKey } from "../slots/index.js";
import { closeStore, openStore, requireSession } from "../store/index.js";
import { answerQuestion, type AnswerResult } from "../turns/answer-question.js";
import type { Answerer } from "../turns/record-answer.js";
import { cliResolver, type TurnContext } from "../turns/turn-context.js";
import { answerScreenQuestion, type ScreenAnswerResult } from "./answer-screen-question.js";

export interface SessionAnswerOptions {
  readonly configPath?: string | undefined;
  /** The question the person saw: another one asked now is refused (E_QUESTION_CHANGED). */
  readonly questionId?: string | undefined;
  readonly timeoutMs?: number | undefined;
  readonly by?: Answerer | undefined;
}

/** One answer, whichever way the agent asked: the same shape for the CLI, the dashboard and scripts. */
export interface SessionAnswer {
  readonly session: string;
  /** `data`: an ACP question, answered by option id; `screen`: a dialog on the agent's screen. */
  readonly source: "data" | "screen";
  readonly question: { id: string; text: string; options: { id: string; name: string; kind: string }[] };
  readonly choice: { id: string; name: string; kind: string };
  /** The keys pressed on the agent's screen (screen only; an ACP answer is typed as its option id). */
  readonly keys: readonly RuntimeKey[];
  /** The agent no longer asks it. */
  readonly confirmed: boolean;
  /** What the agent does now. */
  readonly activity: string;
  /** The question it asks at once after, if any. */
  readonly next: { id: string; text: string } | null;
}

/**
 * `ao session answer <id> <choice>` and the dashboard's answer buttons: the question the session's
 * agent asks now, answered with one of its choices. An agent that asks as data (ACP) gets the option
 * id (answer-question.ts); a terminal agent gets the keys that pick the choice on its screen
 * (answer-screen-question.ts). Both refuse a question other than the one the person saw, and both
 * record `session.answered`.
 */
export async function answerSession(
  ctx: AoContext,
  sessionId: string,
  choice: string,
  options: SessionAnswerOptions = {},
): Promise<SessionAnswer> {
  const store = openStore(ctx);
  try {
    const tc: TurnContext = { ctx, store, agentOf: cliResolver(ctx, options.configPath) };
    const sa = await tc.agentOf(requireSession(store, sessionId));
    if (sa.agent.answersQuestions === true)
      return fromData(await answerQuestion(tc, sessionId, "approve", { ...options, optionId: choice }));
    return fromScreen(await answerScreenQuestion(tc, sessionId, choice, options));
  } finally {
    closeStore(store);
  }
}

function fromData(result: AnswerResult): SessionAnswer {
  const { question, option, activity } = result;
  return {
    session: result.session,
    source: "data",
    question: { id: question.id, text: question.title, options: [...question.options] },
    choice: option ?? { id: "", name: "cancelled", kind: "" },
    keys: [],
    confirmed: result.confirmed,
    activity: activity.activity,
    next:
      activity.question === undefined ? null : { id: activity.question.id, text: activity.question.title },
  };
}

function fromScreen(result: ScreenAnswerResult): SessionAnswer {
  return {
    session: result.session,
    source: "screen",
    question: { id: result.question.id, text: result.question.text, options: result.question.options },
    choice: result.choice,
    keys: result.keys,
    confirmed: result.confirmed,
    activity: result.activity.activity,
    next: result.next === null ? null : { id: result.next.id, text: result.next.text },
  };
}
