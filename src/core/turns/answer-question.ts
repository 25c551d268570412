import { setTimeout as sleepMs } from "node:timers/promises";
import { AoError } from "../errors.js";
import type { ActivityReport, AgentQuestion } from "../slots/index.js";
import { requireSession } from "../store/index.js";
import { cursorProbe, lookAt } from "./read-signal.js";
import { recordAnswer, type Answerer } from "./record-answer.js";
import type { SessionAgent, TurnContext } from "./turn-context.js";

/**
 * `ao approve` / `ao deny` (docs/acp.md): answers the question an agent asked as data
 * (`ActivityReport.question`) the way a person at its terminal would, by typing the chosen option's
 * id into the session (`runtime.deliver`), or pressing Escape to cancel it when it offers no
 * rejection. Never a turn: the answer belongs to the turn that asked. Confirmed once the agent no
 * longer asks that question.
 */
export type Verdict = "approve" | "deny";

export interface AnswerOptions {
  /** The option to choose (its id); default: the first allow (approve) or reject (deny) offered. */
  readonly optionId?: string | undefined;
  readonly timeoutMs?: number | undefined;
  readonly pollMs?: number | undefined;
  /**
   * The question the person saw (its id): when the agent asks another one now, nothing is answered
   * and E_QUESTION_CHANGED says which it asks (the dashboard sends the one its page showed).
   */
  readonly questionId?: string | undefined;
  /** Told the question before it is answered; throws to refuse (a commander's permission). */
  readonly accept?: ((question: AgentQuestion) => void) | undefined;
  /** Who answers, as `session.answered` records it (default `cli`). */
  readonly by?: Answerer | undefined;
}

export interface AnswerResult {
  readonly session: string;
  readonly question: AgentQuestion;
  /** The option given, or null when the question was cancelled (a deny without a reject option). */
  readonly option: AgentQuestion["options"][number] | null;
  /** The agent stopped asking it within the timeout. */
  readonly confirmed: boolean;
  /** What the agent does now (it may ask the next question at once). */
  readonly activity: ActivityReport;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_POLL_MS = 200;

export async function answerQuestion(
  tc: TurnContext,
  sessionId: string,
  verdict: Verdict,
  options: AnswerOptions = {},
): Promise<AnswerResult> {
  const sa = await tc.agentOf(requireSession(tc.store, sessionId));
  if (sa.agent.answersQuestions !== true) throw unsupported(sa);
  const question = (await activityOf(sa)).question;
  if (question === undefined) throw noQuestion(sessionId);
  if (options.questionId !== undefined && options.questionId !== question.id)
    throw questionChanged(sessionId, options.questionId, question.title);
  options.accept?.(question);
  const option = chooseOption(question, verdict, options.optionId, sessionId);
  if (option === null) await pressEscape(sa);
  else await sa.runtime.deliver(sa.handle, option.id, { confirm: false });
  const after = await untilAnswered(tc, sa, question, options);
  recordAnswer(tc.store, sessionId, {
    questionId: question.id,
    source: "data",
    question: question.title,
    choice: option?.id ?? "",
    answer: option?.name ?? "cancelled",
    by: options.by ?? "cli",
    confirmed: after.confirmed,
  });
  return { session: sessionId, question, option, ...after };
}

/**
 * The option an answer gives: the one named, else for approve the first `allow_once` (else the first
 * allow of any kind), for deny the first `reject_once` (else null: cancel the question).
 */
export function chooseOption(
  question: AgentQuestion,
  verdict: Verdict,
  optionId: string | undefined,
  sessionId: string,
): AgentQuestion["options"][number] | null {
  if (optionId !== undefined) return namedOption(question, optionId, sessionId);
  const prefix = verdict === "approve" ? "allow" : "reject";
  const once = question.options.find((option) => option.kind === `${prefix}_once`);
  if (verdict === "deny") return once ?? null;
  const any = once ?? question.options.find((option) => option.kind.startsWith("allow"));
  if (any !== undefined) return any;
  throw new AoError(
    "E_USAGE",
    `${sessionId}'s question offers no option that allows: ${optionList(question)}`,
    {
      hint: `name the option to give: ao approve ${sessionId} <option-id>`,
      details: { session: sessionId, question },
    },
  );
}

function namedOption(question: AgentQuestion, optionId: string, sessionId: string) {
  const option = question.options.find((candidate) => candidate.id === optionId);
  if (option !== undefined) return option;
  throw new AoError("E_USAGE", `"${optionId}" is not one of the options ${sessionId}'s question offers`, {
    hint: `the options: ${optionList(question)}`,
    details: { session: sessionId, question },
  });
}

function optionList(question: AgentQuestion): string {
  return question.options.map((option) => `${option.id} (${option.kind || option.name})`).join(", ");
}

async function pressEscape(sa: SessionAgent): Promise<void> {
  if (sa.runtime.press === undefined)
    throw new AoError(
      "E_SESSION_STATE",
      `the ${sa.session.runtime} runtime of ${sa.session.id} cannot press keys`,
      {
        hint: `attach with \`ao session attach ${sa.session.id}\` and press Escape to cancel the question`,
      },
    );
  await sa.runtime.press(sa.handle, "Escape");
}

/** Polls until the agent no longer asks this question (by its id), or the timeout passes. */
async function untilAnswered(
  tc: TurnContext,
  sa: SessionAgent,
  question: AgentQuestion,
  options: AnswerOptions,
): Promise<{ confirmed: boolean; activity: ActivityReport }> {
  const deadline = tc.ctx.clock.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  for (;;) {
    const activity = await activityOf(sa);
    if (activity.question?.id !== question.id) return { confirmed: true, activity };
    if (tc.ctx.clock.now() >= deadline) return { confirmed: false, activity };
    await (tc.sleep ?? sleepMs)(options.pollMs ?? DEFAULT_POLL_MS);
  }
}

/** The question the session's agent asks now, as data; undefined when none (or it cannot ask as data). */
export async function pendingQuestion(
  tc: TurnContext,
  sessionId: string,
): Promise<AgentQuestion | undefined> {
  const sa = await tc.agentOf(requireSession(tc.store, sessionId));
  if (sa.agent.answersQuestions !== true) return undefined;
  return (await activityOf(sa)).question;
}

async function activityOf(sa: SessionAgent): Promise<ActivityReport> {
  const look = await lookAt(sa, { screen: false });
  return sa.agent.activity(cursorProbe(sa, look));
}

/** The agent asks another question than the one seen: answering it blindly is refused. */
export function questionChanged(
  sessionId: string,
  seen: string,
  now: string,
  hint = "look at the question it asks now, then answer that one",
): AoError {
  return new AoError(
    "E_QUESTION_CHANGED",
    `${sessionId} no longer asks question ${seen}: it asks "${now}" now`,
    {
      hint,
      details: { session: sessionId, question_id: seen },
    },
  );
}

function unsupported(sa: SessionAgent): AoError {
  return new AoError(
    "E_QUESTIONS_UNSUPPORTED",
    `${sa.session.id} runs the ${sa.session.agent} agent, which does not ask its questions as data (only ACP sessions do)`,
    {
      hint: `answer on its screen: ao session attach ${sa.session.id}`,
      details: { session: sa.session.id, agent: sa.session.agent },
    },
  );
}

function noQuestion(sessionId: string): AoError {
  return new AoError(
    "E_NO_QUESTION",
    `${sessionId} is not waiting for an answer: its agent asks no question now`,
    {
      hint: "`ao status` shows the sessions that wait for input, with their questions",
      details: { session: sessionId },
    },
  );
}
