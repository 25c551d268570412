import type { AnswerAnswer, ConflictBrief, DiffBrief, HoldBrief } from "../api/types.js";

/**
 * The sentences of a card's richer facts (diff size, a hold and until when, an answer's outcome),
 * pure so they are tested without a browser. Times are the person's local time.
 */
export function diffText(diff: DiffBrief | null): string | null {
  if (diff === null) return null;
  if (diff.files === 0) return "no changes yet";
  const files = diff.files === 1 ? "1 file" : `${diff.files} files`;
  return `+${diff.added} −${diff.removed} in ${files}`;
}

/** "14:30" in the browser's own time zone (what a person's clock says). */
export function localTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** "until 14:30, in 12 min" (or "until 14:30, any moment now" once it passed). */
export function untilText(until: string, now: number, clock: (iso: string) => string = localTime): string {
  const minutes = Math.ceil((Date.parse(until) - now) / 60_000);
  if (!Number.isFinite(minutes)) return "until an unknown time";
  if (minutes <= 0) return `until ${clock(until)}, any moment now`;
  const left = minutes < 90 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `until ${clock(until)}, in ${left}`;
}

/** "rate limited until 14:30, in 12 min: <the agent's words>", or the budget that holds it. */
export function holdText(
  hold: HoldBrief | null,
  now: number,
  clock?: (iso: string) => string,
): string | null {
  if (hold === null) return null;
  if (hold.gate === "budget") return `over budget: ${hold.words}`;
  const until = hold.until === null ? "" : ` ${untilText(hold.until, now, clock)}`;
  return `rate limited${until}: ${hold.words}`;
}

/** A spend under a cent is "<$0.01": rounding it to $0.00 would read as nothing spent. */
export function dollars(usd: number): string {
  if (usd >= 0.01) return `$${usd.toFixed(2)}`;
  return usd > 0 ? "<$0.01" : "$0";
}

/** What answering a question did, in a person's words. */
export function describeAnswer(answer: AnswerAnswer): string {
  const given = `Answered "${answer.option.name}"`;
  if (!answer.confirmed) return `${given}; the agent still asks it (not confirmed yet).`;
  return answer.next === null
    ? `${given}; the agent goes on.`
    : `${given}; the agent asks next: ${answer.next.title}`;
}

/** "2 files", "1 file". */
const filesText = (count: number): string => (count === 1 ? "1 file" : `${count} files`);

/**
 * A card's conflict-radar line: "conflicts with app-3 in 2 files", "conflicts with main in 1 file"
 * (the default branch), or, quieter, "overlaps app-3 in 2 files" (same files, no textual conflict).
 */
export function conflictText(brief: ConflictBrief): string {
  const other = brief.with ?? brief.branch;
  const files = filesText(brief.files.length);
  return brief.kind === "conflict" ? `conflicts with ${other} in ${files}` : `overlaps ${other} in ${files}`;
}

/** What a conflict marker's tooltip says: each file, with the conflicting lines when known. */
export function conflictDetail(brief: ConflictBrief): string {
  return brief.files
    .map((file) => {
      const lines = brief.hunks
        .filter((hunk) => hunk.file === file)
        .map((hunk) => `${hunk.start}-${hunk.end}`);
      return lines.length === 0 ? file : `${file}:${lines.join(",")}`;
    })
    .join(", ");
}
