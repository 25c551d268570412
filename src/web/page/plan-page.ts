import { useEffect, useState } from "preact/hooks";
import type { PlanCardView, PlanListAnswer } from "../api/plan-types.js";
import { ActionButton } from "./action-button.js";
import { getJson, postJson } from "./api.js";
import { html } from "./html.js";
import { PlanDag } from "./plan-dag.js";
import { PlanEstimates } from "./plan-estimates.js";

/** Polls a read every 2 s while the page shows it (plans move with the daemon's cycles). */
function usePolled<T>(path: string): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void getJson<T>(path)
        .then((answer) => alive && setValue(answer))
        .catch(() => undefined);
    load();
    const timer = setInterval(load, 2000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [path]);
  return value;
}

/** `#/plans`: every plan, its status and how many steps are done. */
export function PlansPage() {
  const list = usePolled<PlanListAnswer>("/api/plans");
  if (list === null) return html`<main class="plans"><p>Loading plans…</p></main>`;
  return html`<main class="plans" aria-label="Plans">
    <h2>Plans</h2>
    ${
      list.plans.length === 0
        ? html`<p class="empty">No plans. An orchestrator proposes one with <code>ao plan propose</code>.</p>`
        : html`<ul>
            ${list.plans.map((plan) => html`<li key=${plan.id}><a href=${`#/plans/${encodeURIComponent(plan.id)}`}>${plan.id}</a> ${plan.project} · ${plan.status} · ${plan.done}/${plan.steps} steps done · revision ${plan.revision}</li>`)}
          </ul>`
    }
  </main>`;
}

/** `#/plans/<id>`: the DAG, the inspector of the selected step, the revisions, the approval bar. */
export function PlanPage({ id }: { id: string }) {
  const card = usePolled<PlanCardView>(`/api/plans/${encodeURIComponent(id)}`);
  const [selected, setSelected] = useState<string | null>(null);
  if (card === null) return html`<main class="plan"><p>Loading plan ${id}…</p></main>`;
  const step = card.steps.find((candidate) => candidate.id === selected) ?? null;
  return html`<main class="plan" aria-label=${`Plan ${card.id}`}>
    <h2>Plan ${card.id} <span class=${`plan-status status-${card.status}`}>${card.status}</span></h2>
    <p class="goal">${card.goal}</p>
    ${card.reason !== null && html`<p class="reason">${card.reason}</p>`}
    ${card.parent !== null && html`<p>Parent ticket: ${card.parent.url === null ? card.parent.ref : html`<a href=${card.parent.url}>${card.parent.ref}</a>`}</p>`}
    <${ApprovalBar} card=${card} />
    <section aria-label="Steps">
      <${PlanDag} card=${card} selected=${selected} select=${setSelected} />
      <p class="legend">
        Thick: the critical path (${card.criticalPath.join(" → ")}),
        ${
          card.criticalPathBy === "duration"
            ? "the chain of steps that takes longest by its roles' past runs (p75)."
            : "the longest chain of steps that run one after another (no run history gives durations yet)."
        }
      </p>
    </section>
    <section class="inspector" aria-label="Step inspector">
      ${
        step === null
          ? html`<p>Select a step to inspect it.</p>`
          : html`<h3>${step.id}: ${step.title}</h3>
              <dl>
                <dt>Kind</dt>
                <dd>${step.kind}</dd>
                <dt>Role</dt>
                <dd>${step.role} (${step.agent})</dd>
                <dt>State</dt>
                <dd>${step.state}</dd>
                <dt>Needs</dt>
                <dd>${step.needs.length === 0 ? "nothing" : step.needs.join(", ")}</dd>
                <dt>Session</dt>
                <dd>
                  ${step.sessionId === null ? "none yet" : html`<a href=${`#/s/${encodeURIComponent(step.sessionId)}`}>${step.sessionId}</a>`}
                </dd>
                ${
                  step.reason !== null &&
                  html`<dt>Reason</dt>
                    <dd>${step.reason}</dd>`
                }
              </dl>
              ${step.output !== null && html`<pre class="output">${typeof step.output === "string" ? step.output : JSON.stringify(step.output, null, 2)}</pre>`}`
      }
    </section>
    <section class="revisions" aria-label="Revisions">
      <h3>Revisions</h3>
      <ol>
        ${card.revisions.map(
          (rev) =>
            html`<li key=${rev.revision}>
              <strong>r${rev.revision}</strong> ${rev.kind} by ${rev.author},
              ${new Date(rev.createdAt).toLocaleString()}
              <pre class="diff">${rev.changes.join("\n")}</pre>
            </li>`,
        )}
      </ol>
    </section>
    ${
      card.deliverable !== null &&
      html`<section aria-label="Deliverable">
        <h3>Deliverable</h3>
        <pre>${card.deliverable}</pre>
      </section>`
    }
  </main>`;
}

/** Approval of the revision on screen, by the person at the page; shown while the plan is proposed. */
function ApprovalBar({ card }: { card: PlanCardView }) {
  const budget = card.budgetUsd === null ? "no budget" : `budget $${card.budgetUsd.toFixed(2)}`;
  const summary = `${card.steps.length} steps · ${budget} · critical path ${card.criticalPath.length} steps (by ${card.criticalPathBy})`;
  if (card.status !== "proposed")
    return html`<section class="approval-bar" aria-label="Approval">
      Approved revision ${card.approvedRevision ?? "?"} · ${summary}
    </section>`;
  return html`<section class="approval-bar" aria-label="Approval">
    Revision ${card.shownRevision} · ${summary}
    <${PlanEstimates} card=${card} />
    <${ActionButton}
      label=${`Approve revision ${card.revision}`}
      confirm=${`Approve plan ${card.id} at revision ${card.revision}? ao then runs it.`}
      run=${async () => {
        const plan = await postJson<{ status: string }>(`/api/plans/${encodeURIComponent(card.id)}/approve`, {
          revision: card.revision,
        });
        return `Approved: the plan is ${plan.status}`;
      }}
    />
  </section>`;
}
