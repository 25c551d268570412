import { useState } from "preact/hooks";
import type {
  FleetCard,
  InterruptAnswer,
  KillAnswer,
  MergeAnswer,
  RestoreAnswer,
  ReviewAnswer,
} from "../api/types.js";
import { postJson } from "./api.js";
import { describeInterrupt, describeKill, describeRestore } from "./answers.js";
import { ActionButton } from "./action-button.js";
import { ENDED, mergeBlocked, restoreOffered } from "./action-offers.js";
import { html } from "./html.js";

export { ENDED };

const path = (id: string, action: string): string => `/api/sessions/${encodeURIComponent(id)}/${action}`;

/** "Interrupt": ends the running turn; says whether the agent was then confirmed idle. */
export async function interruptSession(id: string): Promise<string> {
  return describeInterrupt(await postJson<InterruptAnswer>(path(id, "interrupt")));
}

/** "Kill": the session ends; its checkout is kept (the branch always is). */
export async function killSession(id: string): Promise<string> {
  return describeKill(await postJson<KillAnswer>(path(id, "kill"), { purge: false }));
}

/**
 * The buttons of one session, each calling the same core function as the CLI and showing its
 * answer. Restore appears only once the agent is gone; Merge only when the forge says mergeable
 * (sending the head it showed: another head is refused), disabled while CI fails; approve / request
 * changes only where the project's scm records reviews itself.
 */
export function SessionActions({ card, localReview }: { card: FleetCard; localReview: boolean }) {
  const id = card.id;
  const ended = ENDED.has(card.status);
  const pr = card.pr;
  return html`<div class="actions" role="group" aria-label="Session actions">
    <${ActionButton} label="Interrupt" disabled=${ended} run=${() => interruptSession(id)} />
    ${
      restoreOffered(card) &&
      html`<${ActionButton}
        label="Restore"
        run=${async () => describeRestore(await postJson<RestoreAnswer>(path(id, "restore")))}
      />`
    }
    <${ActionButton}
      label="Kill"
      danger
      disabled=${ended}
      confirm=${`Kill ${id}? The agent stops; the branch stays.`}
      run=${() => killSession(id)}
    />
    ${pr !== null && pr.mergeable === true && pr.headSha !== null && html`<${MergeAction} card=${card} />`}
    ${pr !== null && localReview && !ended && html`<${LocalReview} id=${id} />`}
  </div>`;
}

/** "Merge" at the head the page showed, disabled with the reason while CI fails or runs. */
function MergeAction({ card }: { card: FleetCard }) {
  const pr = card.pr!;
  const sha = pr.headSha ?? "";
  const blocked = mergeBlocked(card);
  return html`<span class="merge-action">
    <${ActionButton}
      label="Merge"
      disabled=${blocked !== null}
      confirm=${`Merge PR #${pr.number} at ${sha.slice(0, 7)}?`}
      run=${async () => {
        const answer = await postJson<MergeAnswer>(path(card.id, "merge"), { sha });
        return `Merged PR #${answer.prNumber} at ${answer.sha.slice(0, 7)}.`;
      }}
    />
    ${blocked !== null && html`<span class="why-disabled" aria-label="Why merge is disabled">${blocked}</span>`}
  </span>`;
}

/** Local mode's review: approve, or request changes with a comment the agent then gets. */
function LocalReview({ id }: { id: string }) {
  const [body, setBody] = useState("");
  const review = async (request: object): Promise<string> => {
    const answer = await postJson<ReviewAnswer>(path(id, "review"), request);
    return answer.action === "approve"
      ? `Approved PR #${answer.prNumber}.`
      : `Changes requested on PR #${answer.prNumber}.`;
  };
  return html`<span class="local-review">
    <${ActionButton} label="Approve" run=${() => review({ action: "approve" })} />
    <label class="inline">
      <span>Review comment</span>
      <input value=${body} onInput=${(event: Event) => setBody((event.target as HTMLInputElement).value)} />
    </label>
    <${ActionButton}
      label="Request changes"
      disabled=${body.trim() === ""}
      run=${() => review({ action: "request-changes", body })}
    />
  </span>`;
}
