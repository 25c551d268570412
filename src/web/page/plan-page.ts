import { useEffect, useState } from "preact/hooks";
import type { PlanCardView, PlanListAnswer } from "../api/plan-types.js";
import { ApiError, describeError, getJson } from "./api.js";
import { html } from "./html.js";
import { PlanDag } from "./plan-dag.js";
import { ApprovalBar } from "./plan-approval.js";

/** What a polled read has: its last answer, and the error of the last try (null once it worked). */
interface Polled<T> {
  value: T | null;
  error: unknown;
}

/** Polls a read every 2 s while the page shows it (plans move with the daemon's cycles). */
function usePolled<T>(path: string): Polled<T> {
  const [polled, setPolled] = useState<Polled<T>>({ value: null, error: null });
  useEffect(() => {
    let alive = true;
    setPolled({ value: null, error: null });
    const load = () =>
      void getJson<T>(path).then(
        (answer) => alive && setPolled({ value: answer, error: null }),
        (error: unknown) => alive && setPolled((last) => ({ value: last.value, error })),
      );
    load();
    const timer = setInterval(load, 2000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [path]);
  return polled;
}

/**
 * Why a plan page has nothing to show, in words with what to do: logged out, no such plan (with
 * the way back), or the server's error; null while the first answer is on its way.
 */
function LoadProblem({ error, what }: { error: unknown; what: string }) {
  if (error === null) return null;
  const status = error instanceof ApiError ? error.status : null;
  if (status === 401)
    return html`<p class="problem" role="alert">
      Not logged in: open the URL <code>ao dashboard</code> printed (it carries the token) to see ${what}.
    </p>`;
  if (status === 404)
    return html`<p class="problem" role="alert">
      No ${what}. <a href="#/plans">All plans</a> (<code>ao plan ls</code> lists them too).
    </p>`;
  return html`<p class="problem" role="alert">
    Could not load ${what}: ${describeError(error)} — trying again every 2 s.
  </p>`;
}

/** `#/plans`: every plan, its status and how many steps are done. */
export function PlansPage() {
  const { value: list, error } = usePolled<PlanListAnswer>("/api/plans");
  if (list === null)
    return html`<main class="plans" aria-label="Plans">
      ${error === null ? html`<p>Loading plans…</p>` : html`<${LoadProblem} error=${error} what="the plans" />`}
    </main>`;
  return html`<main class="plans" aria-label="Plans">
    <h2>Plans</h2>
    <${LoadProblem} error=${error} what="the plans" />
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
  const { value: card, error } = usePolled<PlanCardView>(`/api/plans/${encodeURIComponent(id)}`);
  const [selected, setSelected] = useState<string | null>(null);
  if (card === null || (error instanceof ApiError && error.status === 404))
    return html`<main class="plan" aria-label=${`Plan ${id}`}>
      ${
        error === null
          ? html`<p>Loading plan ${id}…</p>`
          : html`<${LoadProblem} error=${error} what=${`plan named ${id}`} />`
      }
    </main>`;
  const step = card.steps.find((candidate) => candidate.id === selected) ?? null;
  return html`<main class="plan" aria-label=${`Plan ${card.id}`}>
    <h2>Plan ${card.id} <span class=${`plan-status status-${card.status}`}>${card.status}</span></h2>
    <${LoadProblem} error=${error} what=${`plan named ${id}`} />
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
