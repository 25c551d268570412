import type { ConflictDetail, FleetCard, QueueAnswer, QueuePlaceDetail } from "../api/types.js";
import { ActionButton } from "./action-button.js";
import { postJson } from "./api.js";
import { html } from "./html.js";
import { localTime } from "./local-time.js";
import { hunkText, queueOffered } from "./session-words.js";

function ConflictItem({ conflict }: { conflict: ConflictDetail }) {
  const other = conflict.with === null ? `the default branch (${conflict.branch})` : conflict.with;
  const what = conflict.kind === "conflict" ? "Conflicts with" : "Overlaps with";
  return html`<li class=${`radar-${conflict.kind}`}>
    <strong>${what} ${other}</strong>${conflict.with === null ? "" : html` <code>${conflict.branch}</code>`}
    <div class="radar-where">${hunkText(conflict)}</div>
    <div class="radar-since">since <time datetime=${conflict.since}>${localTime(conflict.since)}</time></div>
  </li>`;
}

function QueuePlace({ queue }: { queue: QueuePlaceDetail }) {
  return html`<p class="queue-place" aria-label="Place in the merge queue">
    <strong>Place ${queue.place} of ${queue.of}</strong> in the merge queue · ${queue.state}: ${queue.note}
    ${queue.eta !== null && html` · lands about <time datetime=${queue.eta}>${localTime(queue.eta)}</time>`}
  </p>`;
}

/**
 * The conflict radar and the merge train for one session (docs/conflicts.md, docs/merge-train.md):
 * the pairs it would conflict or overlap with and where, its place in the queue, and "Add to merge
 * queue" (`ao merge --queue`) at the head the page showed.
 */
export function MergeRadarSection({
  card,
  conflicts,
  queue,
}: {
  card: FleetCard;
  conflicts: ConflictDetail[];
  queue: QueuePlaceDetail | null;
}) {
  const sha = card.pr?.headSha ?? "";
  return html`<section aria-label="Conflicts and merge queue" class="merge-radar">
    <h2>Conflicts and merge queue</h2>
    ${
      conflicts.length === 0
        ? html`<p class="empty">No predicted conflicts or overlaps.</p>`
        : html`<ul class="radar">
            ${conflicts.map((conflict) => html`<${ConflictItem} conflict=${conflict} />`)}
          </ul>`
    }
    ${queue === null ? html`<p class="empty">Not in the merge queue.</p>` : html`<${QueuePlace} queue=${queue} />`}
    ${
      queueOffered(card, queue) &&
      html`<${ActionButton}
        label="Add to merge queue"
        confirm=${`Queue PR #${card.pr!.number} at ${sha.slice(0, 7)}? The train updates, tests and lands it.`}
        run=${async () => {
          const path = `/api/sessions/${encodeURIComponent(card.id)}/queue`;
          const answer = await postJson<QueueAnswer>(path, { sha });
          return answer.already
            ? `Already in the merge queue (place ${answer.position}).`
            : `Queued at place ${answer.position}.`;
        }}
      />`
    }
  </section>`;
}
