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

/**
 * What a waiting agent asks, in its words (rendered as text: they are untrusted), with a button
 * per option when it asked as data (ACP). A terminal dialog lists its choices; it is answered on
 * the agent's screen (the session page's terminal, or `ao session attach`).
 */
export function QuestionBox({ card }: { card: FleetCard }) {
  const question = card.question;
  if (question === null) return null;
  const kind = question.toolKind === null ? "" : ` (${question.toolKind})`;
  return html`<section class="question" role="group" aria-label=${`Question from ${card.id}`}>
    <div class="question-head">The agent asks${kind}:</div>
    <pre class="question-text">${question.text}</pre>
    ${
      question.source === "data"
        ? html`<div class="question-options" role="group" aria-label="Answers">
            ${question.options.map(
              (option) =>
                html`<${ActionButton}
                  key=${`${question.id}:${option.id}`}
                  label=${option.name}
                  danger=${option.kind.startsWith("reject")}
                  run=${() => answerQuestion(card.id, question, option.id)}
                />`,
            )}
          </div>`
        : html`<ol class="question-choices">
              ${question.options.map((option) => html`<li key=${option.id}>${option.name}</li>`)}
            </ol>
            <div class="question-note">
              Answer it in the agent's terminal (Take control), or: ao session attach ${card.id}
            </div>`
    }
  </section>`;
}
