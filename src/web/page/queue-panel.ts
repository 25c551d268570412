import type { MergeQueueBrief, QueueEntryBrief, SpawnWaitBrief } from "../api/types.js";
import { shortAge } from "./age.js";
import { routeHref } from "./fragment.js";
import { html } from "./html.js";
import { entrySessionText, queueStateText, waitKindText, waitReasonText } from "./queue-words.js";
import "./queue-panel.css";

interface QueuePanelProps {
  queues: readonly MergeQueueBrief[];
  spawns: readonly SpawnWaitBrief[];
  now: number;
}

function SessionLink({ entry }: { entry: QueueEntryBrief }) {
  return html`<a href=${routeHref({ page: "session", id: entry.session })}>${entrySessionText(entry)}</a>`;
}

/** One entry in landing order: its place, session, state, what it does and since when it is queued. */
function QueuedEntry({ entry, now }: { entry: QueueEntryBrief; now: number }) {
  return html`<li class="queue-entry" aria-label=${entry.session} data-state=${entry.state}>
    <span class="queue-place">${entry.place}.</span> <${SessionLink} entry=${entry} />
    <span class=${`queue-state queue-${entry.state}`}>${queueStateText(entry)}</span>
    <span class="queue-note">${entry.note}</span>
    <span class="queue-since">queued ${shortAge(entry.enteredAt, now)} ago</span>
  </li>`;
}

/** One that landed or left, and why it left. */
function EndedEntry({ entry, now }: { entry: QueueEntryBrief; now: number }) {
  return html`<li class="queue-entry ended" aria-label=${entry.session} data-state=${entry.state}>
    <${SessionLink} entry=${entry} />
    <span class=${`queue-state queue-${entry.state}`}>${queueStateText(entry)}</span>
    <span class="queue-note">${entry.note}</span>
    <span class="queue-since">${shortAge(entry.endedAt, now)} ago</span>
  </li>`;
}

function ProjectQueue({ queue, now }: { queue: MergeQueueBrief; now: number }) {
  return html`<section class="merge-queue" aria-label=${`Merge queue of ${queue.project}`}>
    <h3>Merge queue · ${queue.project}</h3>
    ${
      queue.entries.length === 0
        ? html`<p class="empty">Nothing queued.</p>`
        : html`<ol class="queue-list">
            ${queue.entries.map((entry) => html`<${QueuedEntry} key=${entry.entry} entry=${entry} now=${now} />`)}
          </ol>`
    }
    ${
      queue.recent.length > 0 &&
      html`<h4>Recently</h4>
        <ul class="queue-list">
          ${queue.recent.map((entry) => html`<${EndedEntry} key=${entry.entry} entry=${entry} now=${now} />`)}
        </ul>`
    }
  </section>`;
}

function WaitingSpawns({ spawns, now }: { spawns: readonly SpawnWaitBrief[]; now: number }) {
  return html`<section class="spawns-waiting" aria-label="Spawns waiting to start">
    <h3>Waiting to start</h3>
    <ol class="queue-list">
      ${spawns.map(
        (wait) =>
          html`<li key=${wait.id} class="spawn-wait" aria-label=${wait.task}>
            <span class="spawn-task">${wait.task}</span>
            <span class="queue-note">${wait.project} · ${wait.agent}</span>
            <span class="queue-state queue-waiting">${waitKindText(wait)}</span>
            <span class="spawn-reason">${waitReasonText(wait)}</span>
            <span class="queue-since">waiting ${shortAge(wait.since, now)}</span>
          </li>`,
      )}
    </ol>
  </section>`;
}

/**
 * The merge queues (per project, in landing order, with what recently landed or left and why) and
 * the spawns waiting to start, with what they wait for in words. On the fleet page when anything
 * is in them, and always on `#/queue` (the header's "Queue" link).
 */
export function QueuePanel({ queues, spawns, now }: QueuePanelProps) {
  const empty = queues.length === 0 && spawns.length === 0;
  return html`<section class="queue-panel" aria-labelledby="queue-heading">
    <h2 id="queue-heading">Queue</h2>
    ${empty && html`<p class="empty">The merge queue is empty and no spawn waits to start.</p>`}
    <div class="queue-columns">
      ${queues.map((queue) => html`<${ProjectQueue} key=${queue.project} queue=${queue} now=${now} />`)}
      ${spawns.length > 0 && html`<${WaitingSpawns} spawns=${spawns} now=${now} />`}
    </div>
  </section>`;
}
