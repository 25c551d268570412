import type { MessageFacts } from "./reaction-payload.js";
import { stripAnsi } from "../strip-ansi.js";

/** How much of a log a message carries: the end is where the error is. */
export const MESSAGE_LOG_LINES = 40;
export const MESSAGE_LOG_CHARS = 3000;

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

/**
 * Fills a reaction template's `{{placeholders}}` (TEMPLATE_PLACEHOLDERS) from the facts, pure.
 * Values are inserted as plain text exactly once: a review comment that itself contains
 * `{{session}}` stays those characters, it is never rendered again. Unknown names (the config
 * rejects them) render empty. `logTail` is the CI log's end, or for agent reactions the agent's
 * screen handed in by the caller.
 */
export function renderMessage(template: string, facts: MessageFacts, options: RenderOptions): string {
  const values = placeholderValues(facts, options);
  return template.replace(PLACEHOLDER, (_match, name: string) => values[name] ?? "");
}

/** What a message needs besides its facts: the time, and what the caller reads at delivery. */
export interface RenderOptions {
  readonly now: number;
  readonly logTail?: string | undefined;
  /** `{{handBack}}`: the project's scm's words for handing a fix back (hand-back.ts). */
  readonly handBack?: string | undefined;
}

function placeholderValues(facts: MessageFacts, options: RenderOptions): Record<string, string> {
  const checkTails = (facts.checks ?? []).flatMap((check) =>
    check.logTail === undefined || check.logTail === "" ? [] : [`[${check.name}]\n${check.logTail}`],
  );
  const logTail = options.logTail ?? checkTails.join("\n\n");
  return {
    session: facts.session ?? "",
    project: facts.project,
    issue: facts.issue ?? "",
    branch: facts.branch ?? "",
    baseBranch: facts.baseBranch,
    "pr.url": facts.pr?.url ?? (facts.pr ? `#${facts.pr.number}` : ""),
    "pr.number": facts.pr ? String(facts.pr.number) : "",
    "pr.title": facts.pr?.title ?? "",
    checks: (facts.checks ?? [])
      .map((check) => `- ${check.name}${check.url === undefined ? "" : ` (${check.url})`}`)
      .join("\n"),
    logTail: trimLog(logTail),
    threads: threadsText(facts),
    conflicts: (facts.conflicts ?? []).map((file) => `- ${file}`).join("\n"),
    duration: formatDuration(options.now - facts.since),
    reason: facts.reason ?? "",
    summary: facts.summary ?? "",
    handBack: options.handBack ?? "",
    otherSession: facts.conflict?.with ?? "",
    otherBranch: facts.conflict?.withBranch ?? "",
    conflictLines: conflictLines(facts),
  };
}

/** `- src/app.ts: lines 5-11, 30-34 of the merge` per conflicting file; a file without blocks (binary, deleted) alone. */
function conflictLines(facts: MessageFacts): string {
  const hunks = facts.conflict?.hunks ?? [];
  return (facts.conflicts ?? [])
    .map((file) => {
      const ranges = hunks.filter((hunk) => hunk.file === file).map((hunk) => `${hunk.start}-${hunk.end}`);
      return ranges.length === 0 ? `- ${file}` : `- ${file}: lines ${ranges.join(", ")} of the merge`;
    })
    .join("\n");
}

/** The forwarded threads, then a count of the withheld ones: never their text or their authors. */
function threadsText(facts: MessageFacts): string {
  const listed = (facts.threads ?? []).map(threadText);
  const withheld = facts.withheldThreads ?? 0;
  if (withheld > 0) {
    const what = withheld === 1 ? "1 review thread" : `${String(withheld)} review threads`;
    listed.push(
      `(${what} from authors this project does not trust ${withheld === 1 ? "was" : "were"} not forwarded to you; a person will look at ${withheld === 1 ? "it" : "them"}.)`,
    );
  }
  return listed.join("\n\n");
}

function threadText(thread: NonNullable<MessageFacts["threads"]>[number]): string {
  const where =
    thread.path === undefined ? "" : `${thread.path}${thread.line === undefined ? "" : `:${thread.line}`} `;
  const link = thread.url === undefined ? "" : ` (${thread.url})`;
  const body = thread.body.trim().replace(/\n/g, "\n  ");
  return `- ${where}${thread.author}${thread.isBot ? " (bot)" : ""}${link}:\n  ${body}`;
}

/** The last MESSAGE_LOG_LINES lines, at most MESSAGE_LOG_CHARS characters, without colour codes. */
export function trimLog(text: string): string {
  const plain = stripAnsi(text).trimEnd();
  let tail = plain.split("\n").slice(-MESSAGE_LOG_LINES).join("\n");
  if (tail.length > MESSAGE_LOG_CHARS) tail = `…${tail.slice(tail.length - MESSAGE_LOG_CHARS)}`;
  return tail;
}

/** `12m`, `2h 5m`, `45s`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours}h` : `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}
