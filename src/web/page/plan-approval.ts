import { useState } from "preact/hooks";
import type { PlanCardView } from "../api/plan-types.js";
import { ActionButton } from "./action-button.js";
import { postJson } from "./api.js";
import { html } from "./html.js";
import { PlanEstimates } from "./plan-estimates.js";

const planPath = (id: string, action: string): string => `/api/plans/${encodeURIComponent(id)}/${action}`;

/** What each step asks for, in the proposal's words (untrusted: rendered as text), before approving. */
function StepBodies({ card }: { card: PlanCardView }) {
  const steps = card.steps.filter((step) => step.body !== null);
  return html`<section class="step-bodies" aria-label="What each step asks">
    <h3>What each step asks</h3>
    <ol>
      ${steps.map(
        (step) =>
          html`<li key=${step.id} data-step=${step.id}>
            <strong>${step.id}: ${step.title}</strong>
            (${step.role}${step.needs.length === 0 ? "" : `, after ${step.needs.join(", ")}`})
            <pre class="step-body">${step.body}</pre>
          </li>`,
      )}
    </ol>
  </section>`;
}

/** "Reject" with the reason the proposer reads; the plan is then cancelled with it. */
function RejectPlan({ card }: { card: PlanCardView }) {
  const [reason, setReason] = useState("");
  return html`<span class="reject-plan">
    <label class="inline">
      <span>Why reject</span>
      <input
        value=${reason}
        onInput=${(event: Event) => setReason((event.target as HTMLInputElement).value)}
      />
    </label>
    <${ActionButton}
      label=${`Reject revision ${card.revision}`}
      danger
      disabled=${reason.trim() === ""}
      confirm=${`Reject plan ${card.id} at revision ${card.revision}? Nothing of it runs.`}
      run=${async () => {
        const plan = await postJson<{ status: string }>(planPath(card.id, "reject"), {
          revision: card.revision,
          reason,
        });
        return `Rejected: the plan is ${plan.status}`;
      }}
    />
  </span>`;
}

/**
 * Approval or rejection of the revision on screen, by the person at the page, shown while the plan
 * is proposed: the estimates, what each step asks, "Approve" and "Reject" with a reason.
 */
export function ApprovalBar({ card }: { card: PlanCardView }) {
  const budget = card.budgetUsd === null ? "no budget" : `budget $${card.budgetUsd.toFixed(2)}`;
  const summary = `${card.steps.length} steps · ${budget} · critical path ${card.criticalPath.length} steps (by ${card.criticalPathBy})`;
  if (card.status !== "proposed")
    return html`<section class="approval-bar" aria-label="Approval">
      ${card.approvedRevision === null ? `Not approved (${card.status})` : `Approved revision ${card.approvedRevision}`}
      · ${summary}
    </section>`;
  return html`<section class="approval-bar" aria-label="Approval">
    Revision ${card.shownRevision} · ${summary}
    <${PlanEstimates} card=${card} />
    <${StepBodies} card=${card} />
    <${ActionButton}
      label=${`Approve revision ${card.revision}`}
      confirm=${`Approve plan ${card.id} at revision ${card.revision}? ao then runs it.`}
      run=${async () => {
        const plan = await postJson<{ status: string }>(planPath(card.id, "approve"), {
          revision: card.revision,
        });
        return `Approved: the plan is ${plan.status}`;
      }}
    />
    <${RejectPlan} card=${card} />
  </section>`;
}
