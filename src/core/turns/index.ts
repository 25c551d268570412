/** Turns (docs/turns.md): each message given to an agent, and what became of it. */

// `ao turns` and `ao session interrupt`: turns listed, shown, waited for, interrupted.
export {
  answerSessionQuestion,
  handOverSessionTurns,
  interruptSessionTurn,
  listSessionTurns,
  showTurn,
  waitTurn,
} from "./turn-commands.js";
export type { InterruptResult } from "./interrupt-turn.js";
// `ao session takeover` / `handback`: an ACP session's conversation handed to its TUI and back.
export type { HandOverResult } from "./hand-over.js";
// `ao approve` / `ao deny`: a session's pending question answered.
export type { AnswerResult, Verdict } from "./answer-question.js";

// How a turn reads to people and in JSON.
export { turnView, type TurnView } from "./turn-view.js";
export { describeInterruptedSend } from "./interrupted-send.js";
