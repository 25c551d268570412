import type { AoPaths } from "../../core/paths.js";
import { redactText } from "../../core/redact.js";
import { readTaskFile } from "../../core/sessions/index.js";

/** A title is a line: longer first lines are cut here. */
const MAX_TITLE = 120;

/**
 * The first line of each session's task (AO_HOME/prompts/<id>/task.md), for a card without a pull
 * request: a free-text task's own words, an issue's title line. Read once per session (a task never
 * changes) and redacted; the words stay out of the store's events (fleet-card.ts says why).
 */
export function createTaskTitles(paths: Pick<AoPaths, "prompts">): (sessionId: string) => string | undefined {
  const titles = new Map<string, string | undefined>();
  return (sessionId) => {
    if (!titles.has(sessionId)) {
      const task = readTaskFile(paths, sessionId);
      // Not cached while missing: a spawn writes its task file after its row.
      if (task === undefined) return undefined;
      titles.set(sessionId, firstLine(task));
    }
    return titles.get(sessionId);
  };
}

/** The first non-blank line, without a Markdown heading's `#`s; undefined for an empty task. */
export function firstLine(task: string): string | undefined {
  const line = task
    .split("\n")
    .map((text) => text.replace(/^#+\s*/, "").trim())
    .find((text) => text !== "");
  if (line === undefined) return undefined;
  const clean = redactText(line);
  return clean.length > MAX_TITLE ? `${clean.slice(0, MAX_TITLE - 1)}…` : clean;
}
