import { useState } from "preact/hooks";
import type { ProjectBrief, SpawnAnswer } from "../api/types.js";
import { spawnRequest } from "./spawn-request.js";
import { postJson } from "./api.js";
import { ActionButton } from "./action-button.js";
import { html } from "./html.js";

/** "New session": `ao spawn` from the page, from an issue of the project's tracker or from free text. */
export function NewSession({ projects, preferred }: { projects: ProjectBrief[]; preferred: string }) {
  const [project, setProject] = useState(preferred || projects[0]?.id || "");
  const [issue, setIssue] = useState("");
  const [task, setTask] = useState("");
  const chosen = projects.find((candidate) => candidate.id === project);
  const value = (setter: (text: string) => void) => (event: Event) =>
    setter((event.target as HTMLInputElement).value);
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
        const answer = await postJson<SpawnAnswer>("/api/spawn", spawnRequest(project, issue, task));
        setIssue("");
        setTask("");
        return `Started ${answer.session} on ${answer.branch} (${answer.status}).`;
      }}
    />
  </section>`;
}
