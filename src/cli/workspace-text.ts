import type { SessionView } from "../core/sessions/index.js";
import { terminalCell } from "./terminal-text.js";

/**
 * Under the `ao status` / `ao session ls` table: each live session whose checkout was removed behind
 * ao's back (`SessionView.workspaceMissing`), with the path and how to recover. Its committed work
 * is on its branch; `ao session restore` after the kill makes the checkout again from it.
 */
export function missingWorkspaceNotes(views: readonly SessionView[]): string[] {
  const missing = views.filter((view) => view.workspaceMissing);
  if (missing.length === 0) return [];
  return [
    "",
    ...missing.flatMap((view) => [
      `${view.id}: workspace removed behind ao's back: ${terminalCell(view.worktree)}`,
      `  its agent still runs without it; stop it with: ao session kill ${view.id}` +
        `, then make the checkout again from branch ${terminalCell(view.branch)} with: ao session restore ${view.id}`,
    ]),
  ];
}
