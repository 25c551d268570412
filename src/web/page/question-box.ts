import type { AnswerAnswer, FleetCard, QuestionBrief } from "../api/types.js";
import { ActionButton } from "./action-button.js";
import { postJson } from "./api.js";
import { describeAnswer } from "./card-facts.js";
import { html } from "./html.js";

/** Sends the option for the question the page showed; the server refuses a question that changed. */
export async function answerQuestion(sessionId: string, question: QuestionBrief, optionId: string) {
  const path = `/api/sessions/${encodeURIComponent(sessionId)}/answer`;
  return describeAnswer(await postJson<AnswerAnswer>(path, { questionId: question.id, optionId }));
}

/** A choice that refuses: an ACP reject, or a dialog's "No…" (styled as danger). */
export function refuses(option: QuestionBrief["options"][number]): boolean {
  return option.kind.startsWith("reject") || /^no\b/i.test(option.name);
}

/**
 * What a waiting agent asks, in its words (rendered as text: they are untrusted), with a button
 * per option: an ACP question's options, or a terminal dialog's choices (the server presses the
 * keys that pick it on the agent's screen, after checking the same dialog is still there). A small
 * note keeps the other way: the agent's own terminal.
 */
export function QuestionBox({ card }: { card: FleetCard }) {
  const question = card.question;
  if (question === null) return null;
  const kind = question.toolKind === null ? "" : ` (${question.toolKind})`;
  return html`<section class="question" role="group" aria-label=${`Question from ${card.id}`}>
    <div class="question-head">The agent asks${kind}:</div>
    <pre class="question-text">${question.text}</pre>
    <div class="question-options" role="group" aria-label="Answers">
      ${question.options.map(
        (option) =>
          html`<${ActionButton}
            key=${`${question.id}:${option.id}`}
            label=${option.name}
            danger=${refuses(option)}
            run=${() => answerQuestion(card.id, question, option.id)}
          />`,
      )}
    </div>
    ${
      question.source === "screen" &&
      html`<div class="question-note">or answer on its terminal: ao session attach ${card.id}</div>`
    }
  </section>`;
}
