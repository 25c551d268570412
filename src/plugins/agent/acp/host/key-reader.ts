import { StringDecoder } from "node:string_decoder";

/** What the host's terminal input means, key by key. */
export type Key =
  | { kind: "text"; text: string }
  | { kind: "enter" }
  | { kind: "backspace" }
  | { kind: "interrupt"; bytes: number }
  | { kind: "clear" }
  | { kind: "eof" };

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";
const SINGLE_KEYS: Readonly<Record<string, Key>> = {
  "\x7f": { kind: "backspace" },
  "\b": { kind: "backspace" },
  "\x03": { kind: "interrupt", bytes: 1 },
  "\x15": { kind: "clear" },
  "\x04": { kind: "eof" },
};

export interface KeyReaderOptions {
  /** A pipe, not a terminal: LF is Enter (the process runtime writes text and "\n"). */
  lineMode: boolean;
  /** How long a lone ESC waits for the rest of a sequence before it counts as Escape. */
  escapeWaitMs: number;
}

/**
 * Turns raw terminal bytes into keys, as an agent TUI reads them: a bracketed paste is one text
 * (its line breaks stay text, never Enter), CR is Enter and LF a line break inside the message,
 * Ctrl-C or a lone Escape interrupt, other escape sequences (arrows, function keys) are ignored.
 */
export function createKeyReader(onKey: (key: Key) => void, options: KeyReaderOptions) {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let paste: string | undefined;
  let escapeTimer: NodeJS.Timeout | undefined;

  const emitText = (text: string): void => {
    if (text !== "") onKey({ kind: "text", text });
  };
  /** Consumes what it can from `pending`; returns false when it must wait for more bytes. */
  const step = (): boolean => {
    if (paste !== undefined) {
      const end = pending.indexOf(PASTE_END);
      if (end < 0) {
        const keep = partialSuffix(pending, PASTE_END);
        paste += pending.slice(0, pending.length - keep);
        pending = pending.slice(pending.length - keep);
        return false;
      }
      emitText((paste + pending.slice(0, end)).replace(/\r\n?/g, "\n"));
      paste = undefined;
      pending = pending.slice(end + PASTE_END.length);
      return true;
    }
    const char = pending[0] ?? "";
    if (char === "\x1b") return escape();
    pending = pending.slice(1);
    if (char === "\r") {
      if (pending.startsWith("\n")) pending = pending.slice(1);
      onKey({ kind: "enter" });
    } else if (char === "\n") onKey(options.lineMode ? { kind: "enter" } : { kind: "text", text: "\n" });
    else if (SINGLE_KEYS[char] !== undefined) onKey(SINGLE_KEYS[char]);
    else if (char === "\t" || char >= " ") emitText(char + takePrintable());
    return true;
  };
  const takePrintable = (): string => {
    // eslint-disable-next-line no-control-regex -- a run of printable characters ends at a control one
    const run = /^[^\x00-\x1f\x7f]*/.exec(pending)?.[0] ?? "";
    pending = pending.slice(run.length);
    return run;
  };
  const escape = (): boolean => {
    if (pending.startsWith(PASTE_START)) {
      paste = "";
      pending = pending.slice(PASTE_START.length);
      return true;
    }
    // eslint-disable-next-line no-control-regex -- escape sequences start with ESC
    const sequence = /^\x1b(\[[0-?]*[ -/]*[@-~]|O.|[^[O])/.exec(pending);
    if (sequence !== null) {
      pending = pending.slice(sequence[0].length);
      return true;
    }
    // eslint-disable-next-line no-control-regex -- an unfinished escape sequence
    if (pending === "\x1b" || /^\x1b(\[[0-?]*[ -/]*|O)$/.test(pending)) return false;
    pending = pending.slice(1);
    return true;
  };
  const drain = (): void => {
    while (pending !== "" && step()) {
      /* each step consumes something */
    }
    if (pending.startsWith("\x1b") && paste === undefined) {
      escapeTimer = setTimeout(() => {
        // Nothing followed: a lone ESC is the Escape key; an unfinished sequence is dropped.
        if (pending === "\x1b") onKey({ kind: "interrupt", bytes: 1 });
        pending = "";
      }, options.escapeWaitMs);
    }
  };
  return {
    feed(data: Buffer | string): void {
      if (escapeTimer !== undefined) clearTimeout(escapeTimer);
      escapeTimer = undefined;
      pending += typeof data === "string" ? data : decoder.write(data);
      drain();
    },
  };
}

/** How many characters at the end of `text` could be the start of `marker`. */
function partialSuffix(text: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length -= 1)
    if (marker.startsWith(text.slice(text.length - length))) return length;
  return 0;
}
