import { setTimeout as sleepMs } from "node:timers/promises";
import { AoError } from "../errors.js";
import type { ActivityReport, RuntimeKey } from "../slots/index.js";
import { requireSession } from "../store/index.js";
import { questionChanged } from "../turns/answer-question.js";
import { recordAnswer, type Answerer } from "../turns/record-answer.js";
import type { SessionAgent, TurnContext } from "../turns/turn-context.js";
import type { QuestionWords } from "./record-questions.js";
import { readScreenQuestion, type ScreenQuestion } from "./screen-question.js";

export interface ScreenAnswerOptions {
  /** The question the person saw (`session.question`'s id): another one on screen now is refused. */
  readonly questionId?: string | undefined;
  readonly timeoutMs?: number | undefined;
  readonly pollMs?: number | undefined;
  readonly by?: Answerer | undefined;
}

export interface ScreenAnswerResult {
  readonly session: string;
  readonly question: QuestionWords;
  readonly choice: QuestionWords["options"][number];
  /** The keys pressed, in order. */
  readonly keys: readonly RuntimeKey[];
  /** The dialog left the screen within the timeout. */
  readonly confirmed: boolean;
  readonly activity: ActivityReport;
  /** The question on screen at once after it, if any. */
  readonly next: QuestionWords | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_POLL_MS = 100;

/**
 * Answers the dialog a terminal agent shows (Claude Code's "Do you want to proceed?") the way a
 * person at its terminal does: the cursor moved onto the choice with the arrow keys, one press at a
 * time, each seen to land, then Enter. The screen is read again right before, and the answer refused
 * unless the question the person saw (same words and choices) is the one still shown; the dialog
 * must leave the screen within the timeout for the answer to count as confirmed. Records
 * `session.answered` once keys were sent.
 */
export async function answerScreenQuestion(
  tc: TurnContext,
  sessionId: string,
  choice: string,
  options: ScreenAnswerOptions = {},
): Promise<ScreenAnswerResult> {
  const sa = await tc.agentOf(requireSession(tc.store, sessionId));
  const seen = askedNow(sessionId, await readScreenQuestion(sa), options.questionId);
  const chosen = chooseScreenOption(seen.words, choice, sessionId);
  const target = seen.words.options.indexOf(chosen);
  const deadline = tc.ctx.clock.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const wait = () => (tc.sleep ?? sleepMs)(options.pollMs ?? DEFAULT_POLL_MS);
  const keys = await moveTo(sa, seen, target, { deadline, clock: tc.ctx.clock, wait });
  await pressKey(sa, "Enter");
  keys.push("Enter");
  const after = await untilGone(sa, seen.words.id, { deadline, clock: tc.ctx.clock, wait });
  recordAnswer(tc.store, sessionId, {
    questionId: seen.words.id,
    source: "screen",
    question: seen.words.text,
    choice: chosen.id,
    answer: chosen.name,
    by: options.by ?? "cli",
    confirmed: after.confirmed,
  });
  return { session: sessionId, question: seen.words, choice: chosen, keys, ...after };
}

type Asked = ScreenQuestion & { words: QuestionWords & { source: "screen" } };

/** The dialog on screen, when it is the question the person saw; refused otherwise. */
function askedNow(sessionId: string, now: ScreenQuestion, questionId: string | undefined): Asked {
  const words = now.words;
  if (words?.source !== "screen" || words.options.length === 0 || now.dialog === undefined)
    throw noDialog(sessionId, now.report);
  if (questionId !== undefined && questionId !== words.id)
    throw questionChanged(sessionId, questionId, words.text.split("\n").join(" · "));
  return now as Asked;
}

/** The choice named by its number ("2") or its words ("No", any case); a usage error otherwise. */
export function chooseScreenOption(
  words: QuestionWords,
  choice: string,
  sessionId: string,
): QuestionWords["options"][number] {
  const wanted = choice.trim().toLowerCase();
  const found =
    words.options.find((option) => option.id === wanted) ??
    words.options.find((option) => option.name.toLowerCase() === wanted);
  if (found !== undefined) return found;
  throw new AoError("E_USAGE", `"${choice}" is not one of the choices ${sessionId}'s dialog lists`, {
    hint: `the choices: ${words.options.map((option) => `${option.id} (${option.name})`).join(", ")}`,
    details: { session: sessionId, question: words },
  });
}

/** The arrow presses that take a cursor on choice `from` to choice `to`. */
export function cursorKeys(from: number, to: number): RuntimeKey[] {
  return Array.from({ length: Math.abs(to - from) }, () => (to > from ? "Down" : "Up"));
}

interface Waiting {
  readonly deadline: number;
  readonly clock: { now(): number };
  readonly wait: () => Promise<unknown>;
}

/** One arrow at a time, each seen to move the cursor before the next (a TUI may merge quick keys). */
async function moveTo(
  sa: SessionAgent,
  seen: Asked,
  target: number,
  waiting: Waiting,
): Promise<RuntimeKey[]> {
  let at = seen.dialog?.selected;
  if (at === undefined) throw noCursor(sa.session.id);
  const pressed: RuntimeKey[] = [];
  for (const key of cursorKeys(at, target)) {
    await pressKey(sa, key);
    pressed.push(key);
    const expected = key === "Down" ? at + 1 : at - 1;
    at = await cursorAt(sa, seen.words.id, expected, waiting);
  }
  return pressed;
}

/** Waits until the cursor is on `expected` in the same dialog; refuses if the dialog changed. */
async function cursorAt(sa: SessionAgent, id: string, expected: number, waiting: Waiting): Promise<number> {
  for (;;) {
    const now = await readScreenQuestion(sa);
    if (now.words?.id !== id) throw questionChanged(sa.session.id, id, now.words?.text ?? "nothing");
    if (now.dialog?.selected === expected) return expected;
    if (waiting.clock.now() >= waiting.deadline)
      throw new AoError(
        "E_TURN_TIMEOUT",
        `${sa.session.id}'s dialog did not move its cursor; Enter was not pressed`,
        {
          hint: `answer it on its screen: ao session attach ${sa.session.id}`,
        },
      );
    await waiting.wait();
  }
}

/** Polls until the dialog with this id is gone from the screen, or the deadline passes. */
async function untilGone(
  sa: SessionAgent,
  id: string,
  waiting: Waiting,
): Promise<{ confirmed: boolean; activity: ActivityReport; next: QuestionWords | null }> {
  for (;;) {
    const now = await readScreenQuestion(sa);
    const next = now.words?.options.length ? now.words : null;
    if (now.words?.id !== id) return { confirmed: true, activity: now.report, next };
    if (waiting.clock.now() >= waiting.deadline) return { confirmed: false, activity: now.report, next };
    await waiting.wait();
  }
}

async function pressKey(sa: SessionAgent, key: RuntimeKey): Promise<void> {
  if (sa.runtime.press === undefined)
    throw new AoError(
      "E_SESSION_STATE",
      `the ${sa.session.runtime} runtime of ${sa.session.id} cannot press keys`,
      {
        hint: `answer it on its screen: ao session attach ${sa.session.id}`,
      },
    );
  await sa.runtime.press(sa.handle, key);
}

function noDialog(sessionId: string, report: ActivityReport): AoError {
  return new AoError(
    "E_NO_QUESTION",
    `${sessionId} shows no question to answer: its agent is ${report.activity}${report.detail ? ` (${report.detail})` : ""}, with no dialog of numbered choices on its screen`,
    {
      hint: `look at its screen: ao session attach ${sessionId}`,
      details: { session: sessionId, activity: report.activity },
    },
  );
}

function noCursor(sessionId: string): AoError {
  return new AoError(
    "E_SESSION_STATE",
    `${sessionId}'s dialog marks no choice as selected: ao cannot tell where its cursor is`,
    {
      hint: `answer it on its screen: ao session attach ${sessionId}`,
      details: { session: sessionId },
    },
  );
}
