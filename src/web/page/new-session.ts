import { useState } from "preact/hooks";
import type { FleetCard, ProjectBrief, SpawnAnswer } from "../api/types.js";
import { spawnRequest } from "./spawn-request.js";
import { postJson } from "./api.js";
import { ActionButton } from "./action-button.js";
import { routeHref } from "./fragment.js";
import { html } from "./html.js";
import { liveSessionsOfIssue } from "./live-duplicates.js";

/** Asks before a second session for an issue that has a live one: open it, start another, or not. */
function DuplicateQuestion(props: {
  live: FleetCard[];
  issue: string;
  start: () => Promise<string>;
  cancel: () => void;
}) {
  const names = props.live.map((card) => card.id).join(", ");
  const first = props.live[0]!;
  return html`<div class="confirm duplicate" role="group" aria-label="Issue already has a live session">
    <span>Issue ${props.issue} already has a live session: ${names}.</span>
    <a class="action" href=${routeHref({ page: "session", id: first.id })}>Open ${first.id}</a>
    <${ActionButton} label="Start a second session" run=${props.start} />
    <button class="action" onClick=${props.cancel}>Cancel</button>
  </div>`;
}

/**
 * "New session": `ao spawn` from the page, from an issue of the project's tracker or from free text.
 * An issue that already has a live session is not started again silently (`second` only when asked).
 */
export function NewSession(props: { projects: ProjectBrief[]; preferred: string; cards: FleetCard[] }) {
  const { projects, preferred, cards } = props;
  const [project, setProject] = useState(preferred || projects[0]?.id || "");
  const [issue, setIssue] = useState("");
  const [task, setTask] = useState("");
  const [asking, setAsking] = useState<FleetCard[] | null>(null);
  const chosen = projects.find((candidate) => candidate.id === project);
  const value = (setter: (text: string) => void) => (event: Event) =>
    setter((event.target as HTMLInputElement).value);
  const start = async (asSecond: boolean): Promise<string> => {
    const request = { ...spawnRequest(project, issue, task), ...(asSecond ? { second: true } : {}) };
    const answer = await postJson<SpawnAnswer>("/api/spawn", request);
    setIssue("");
    setTask("");
    return `Started ${answer.session} on ${answer.branch} (${answer.status}).`;
  };
  const live = chosen?.hasTracker === true ? liveSessionsOfIssue(cards, project, issue) : [];
  return html`<section class="new-session" aria-label="New session">
    <h2>New session</h2>
    <label
      >Project
      <select value=${project} onChange=${value(setProject)}>
        ${projects.map((option) => html`<option value=${option.id}>${option.id}</option>`)}
      </select>
    </label>
    ${chosen?.hasTracker === true && html`<label>Issue <input value=${issue} onInput=${value(setIssue)} /></label>`}
    <label>Task <textarea rows="2" value=${task} onInput=${value(setTask)}></textarea></label>
    <${ActionButton}
      label="Start session"
      disabled=${project === "" || (issue.trim() === "" && task.trim() === "")}
      run=${async () => {
        if (live.length === 0) return start(false);
        setAsking(live);
        return "Not started: see the question below.";
      }}
    />
    ${
      asking !== null &&
      html`<${DuplicateQuestion}
        live=${asking}
        issue=${issue.trim()}
        start=${() => start(true)}
        cancel=${() => setAsking(null)}
      />`
    }
  </section>`;
}
