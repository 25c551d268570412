/**
 * The dialog a terminal agent shows at the bottom of its screen while it waits for a person: the
 * lines that ask (a permission prompt's tool and command, a trust dialog's words) and the numbered
 * choices it lists. Read the same way for every CLI recorded in test/fixtures/agents/ (Claude
 * Code's "Do you want to proceed?", Codex's "Would you like to run the following command?",
 * Gemini's boxed "Do you want to allow this read?"), so core needs no plugin's help. Pure.
 */
export interface ScreenDialog {
  /** The asking lines, top to bottom, trimmed; blank lines left out. */
  readonly lines: readonly string[];
  /** The choices, in order: `key` is what selects it (its number), `label` its words. */
  readonly choices: readonly { key: string; label: string }[];
  /** The index of the choice the dialog's cursor (`❯`, `›`, `●`) is on, when one is marked. */
  readonly selected?: number | undefined;
}

const CHOICE = /^(?:[❯›>●]\s*)?(\d{1,2})\.\s+(\S.*)$/;
/** A choice line that starts with the cursor's mark. */
const CURSOR = /^[❯›>●]/;
/** A rule, a box's top, a bullet of the transcript (a tool call, a reply) or the prompt: above the dialog. */
const ABOVE = /^(?:[─━═╭╰┌└-]{3,}|[●•⏺✻]\s|[❯›>]\s|$)/u;
const MAX_LINES = 8;
/** Lines after the choices that may still belong to the dialog (its key hints). */
const MAX_TAIL = 2;

/** The dialog at the bottom of `screen`, or undefined when its end lists no choices. */
export function screenDialog(screen: string): ScreenDialog | undefined {
  const lines = screen.split("\n").map(unboxed);
  const filled = lines.map((line, index) => ({ line, index })).filter(({ line }) => line !== "");
  const last = lastChoiceAt(filled.slice(-(MAX_TAIL + 1 + 9)).map(({ line }) => line));
  if (last === undefined) return undefined;
  const tail = filled.slice(-(MAX_TAIL + 1 + 9));
  const choices: { key: string; label: string }[] = [];
  let marked: number | undefined;
  let at = last;
  for (; at >= 0; at -= 1) {
    const match = CHOICE.exec(tail[at]!.line);
    if (match === null) break;
    choices.unshift({ key: match[1]!, label: match[2]!.trim() });
    if (CURSOR.test(tail[at]!.line)) marked = Number(match[1]) - 1;
  }
  if (!numberedFromOne(choices)) return undefined;
  const firstChoice = tail[at + 1]!.index;
  const dialog = { lines: askingLines(lines, firstChoice), choices };
  return marked === undefined ? dialog : { ...dialog, selected: marked };
}

/** A box's side borders go; what is left is trimmed. */
function unboxed(line: string): string {
  return line.replace(/^\s*│/u, "").replace(/│\s*$/u, "").trim();
}

/** The index of the last choice line, when no more than MAX_TAIL lines follow it. */
function lastChoiceAt(tail: readonly string[]): number | undefined {
  for (let index = tail.length - 1; index >= Math.max(0, tail.length - 1 - MAX_TAIL); index -= 1)
    if (CHOICE.test(tail[index]!)) return index;
  return undefined;
}

function numberedFromOne(choices: readonly { key: string }[]): boolean {
  return choices.length >= 2 && choices.every((choice, index) => choice.key === String(index + 1));
}

/** The non-blank lines above the choices, up to a rule, a transcript bullet or the prompt. */
function askingLines(lines: readonly string[], firstChoice: number): string[] {
  const asking: string[] = [];
  for (let index = firstChoice - 1; index >= 0 && asking.length < MAX_LINES; index -= 1) {
    const line = lines[index]!;
    if (line === "") continue;
    if (ABOVE.test(line)) break;
    asking.unshift(line);
  }
  return asking;
}
