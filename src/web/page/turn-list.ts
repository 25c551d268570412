import type {
  PlanEntryDetail,
  ReactionDetail,
  ToolCallDetail,
  TurnDetail,
  TurnWorkDetail,
} from "../api/types.js";
import { FoldedText } from "./folded-text.js";
import { html } from "./html.js";
import { localTime } from "./local-time.js";
import { fileInCheckout, originText, permissionText } from "./session-words.js";

function Time({ at, label }: { at: string | null; label: string }) {
  if (at === null) return null;
  return html`<span class="turn-time"
    >${label} <time datetime=${at} title=${at}>${localTime(at)}</time></span
  >`;
}

function ToolCall({ tool, worktree }: { tool: ToolCallDetail; worktree: string }) {
  const permission = permissionText(tool.permission);
  return html`<li class=${`tool-call tool-${tool.status.replace(/[^a-z_]/gi, "")}`}>
    <span class="tool-kind">${tool.kind}</span> <span class="tool-title">${tool.title}</span>
    <span class="tool-status"> — ${tool.status}</span>
    ${permission !== null && html`<span class=${`tool-permission perm-${tool.permission!.by}`}> · ${permission}</span>`}
    ${
      tool.files.length > 0 &&
      html`<div class="tool-files">
        ${tool.files.map((file, index) => html`${index > 0 ? " " : ""}<code title=${file}>${fileInCheckout(file, worktree)}</code>`)}
      </div>`
    }
  </li>`;
}

function PlanEntry({ entry }: { entry: PlanEntryDetail }) {
  const mark = entry.status === "completed" ? "☑" : entry.status === "in_progress" ? "◐" : "☐";
  const priority = entry.priority === null ? "" : `, ${entry.priority}`;
  return html`<li class=${`plan-entry plan-${entry.status.replace(/[^a-z_]/gi, "")}`}>
    <span aria-hidden="true">${mark}</span> ${entry.content}${" "}<span class="plan-status"
      >(${entry.status.replace(/_/g, " ")}${priority})</span
    >
  </li>`;
}

function Work({ work, id, worktree }: { work: TurnWorkDetail; id: string; worktree: string }) {
  return html`${
    work.tools.length > 0 &&
    html`<h3>Tool calls (${work.tools.length})</h3>
      <ul class="tool-calls" aria-label=${`Tool calls of ${id}`}>
        ${work.tools.map((tool) => html`<${ToolCall} tool=${tool} worktree=${worktree} />`)}
      </ul>`
  }
  ${
    work.plan.length > 0 &&
    html`<h3>Plan (${work.plan.length})</h3>
      <ul class="plan-entries" aria-label=${`Plan of ${id}`}>
        ${work.plan.map((entry) => html`<${PlanEntry} entry=${entry} />`)}
      </ul>`
  }`;
}

interface TurnsProps {
  turns: TurnDetail[];
  reactions: ReactionDetail[];
  /** The session's checkout: files in it are named from its root. */
  worktree: string;
}

function TurnItem({ turn, reactions, worktree }: Omit<TurnsProps, "turns"> & { turn: TurnDetail }) {
  const source = turn.replySource === "report" ? "the worker's orch_report" : turn.replySource;
  return html`<li class=${`turn turn-${turn.status}`} aria-label=${`turn ${turn.id}`}>
    <div class="turn-head">
      <strong>${turn.id}</strong>${" · "}<span class="turn-origin">${originText(turn, reactions)}</span
      >${" · "}<span class="turn-status">${turn.status}</span>
    </div>
    <div class="turn-times">
      <${Time} at=${turn.queuedAt} label="queued" /><${Time} at=${turn.startedAt} label="started" /><${Time}
        at=${turn.endedAt}
        label="ended"
      />
      <span class="turn-time">${turn.messageBytes} bytes sent</span>
    </div>
    ${turn.error !== null && html`<pre class="turn-error">${turn.error}</pre>`}
    ${
      turn.reply !== null &&
      turn.reply !== "" &&
      html`<${FoldedText} text=${turn.reply} className="reply" label=${`Reply of ${turn.id}`} />
        ${source !== null && html`<div class="reply-source">reply read from the ${source}</div>`}`
    }
    ${turn.work !== null && html`<${Work} work=${turn.work} id=${turn.id} worktree=${worktree} />`}
  </li>`;
}

/**
 * The session's turns, newest first: who gave each, its status and times, the agent's reply (as
 * text, a long one folded), and for ACP agents the tool calls with who let them run and the plan.
 */
export function TurnsSection({ turns, reactions, worktree }: TurnsProps) {
  return html`<section aria-label="Turns" class="turns-section">
    <h2>Turns</h2>
    ${
      turns.length === 0
        ? html`<p class="empty">No turns yet.</p>`
        : html`<ol class="turns">
            ${[...turns].reverse().map((turn) => html`<${TurnItem} turn=${turn} reactions=${reactions} worktree=${worktree} />`)}
          </ol>`
    }
  </section>`;
}
