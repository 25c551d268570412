import { FitAddon } from "@xterm/addon-fit";
import { Terminal } from "@xterm/xterm";
import "@xterm/xterm/css/xterm.css";
import { describeError } from "../api.js";
import { binaryBytes, fromBase64 } from "./bytes.js";
import { allowScriptMadeStyles } from "./csp-styles.js";
import { keyboardExit } from "./keyboard-exit.js";
import { BASE_FONT_PX, fittingFontSize } from "./font-fit.js";
import { createTerminalLink } from "./terminal-link.js";
import { terminalFrame, type TerminalFrame } from "./terminal-frame.js";
import "./terminal.css";

export interface MountedTerminal {
  /** Closes the stream (the server's viewer leaves; control, if held, is released). */
  dispose(): void;
}

/**
 * The session's live pane in `element`: read-only, scaled to the container, until the person
 * presses "Take control"; then keys go to the agent and the pane takes the container's size.
 * "this runtime has no pane" when the session's runtime has none.
 */
export function mountTerminal(element: HTMLElement, options: { sessionId: string }): MountedTerminal {
  const frame = terminalFrame(element);
  const abort = new AbortController();
  const link = createTerminalLink(options.sessionId, (error) => frame.status(describeError(error)));
  void link.info().then(
    (info) => (info.pane ? run(frame, link, abort.signal) : frame.noPane(info.reason)),
    (error: unknown) => frame.status(describeError(error)),
  );
  return {
    dispose() {
      abort.abort();
      frame.remove();
    },
  };
}

type Link = ReturnType<typeof createTerminalLink>;

async function run(frame: TerminalFrame, link: Link, signal: AbortSignal): Promise<void> {
  allowScriptMadeStyles(document);
  const term = new Terminal({
    disableStdin: true,
    fontSize: BASE_FONT_PX,
    scrollback: 1000,
    cursorBlink: false,
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  term.open(frame.screen);
  const state = { viewer: "", controlId: undefined as string | undefined, cols: 80, rows: 24 };
  const scale = () => {
    const proposed = fit.proposeDimensions();
    if (proposed === undefined) return;
    if (state.controlId !== undefined) {
      // In control: the pane takes the container's size at the base font.
      term.options.fontSize = BASE_FONT_PX;
      const wanted = fit.proposeDimensions();
      if (wanted && (wanted.cols !== state.cols || wanted.rows !== state.rows))
        void link
          .resize(state.controlId, Math.max(2, wanted.cols), Math.max(2, wanted.rows))
          .catch((e: unknown) => frame.status(describeError(e)));
      return;
    }
    term.options.fontSize = fittingFontSize(term.options.fontSize ?? BASE_FONT_PX, proposed.cols, state.cols);
  };
  const observer = new ResizeObserver(() => scale());
  observer.observe(frame.screen);
  const type = (bytes: Uint8Array) => state.controlId !== undefined && link.type(state.controlId, bytes);
  const encoder = new TextEncoder();
  term.onData((data) => type(encoder.encode(data)));
  term.attachCustomKeyEventHandler(
    keyboardExit({
      interactive: () => state.controlId !== undefined,
      sendEscape: () => type(encoder.encode("\x1b")),
    }),
  );
  term.onBinary((data) => type(binaryBytes(data)));
  frame.onTake(async () => {
    const taken = await link.take(state.viewer);
    state.controlId = taken.controlId;
    term.options.disableStdin = false;
    term.focus();
    scale();
  });
  frame.onRelease(async () => {
    if (state.controlId !== undefined) await link.release(state.controlId);
  });
  const resizeTo = (cols: number, rows: number) => {
    state.cols = cols;
    state.rows = rows;
    term.resize(cols, rows);
    scale();
  };
  signal.addEventListener("abort", () => {
    observer.disconnect();
    term.dispose();
  });
  for (let attempt = 0; !signal.aborted; attempt++) {
    const ended = await link
      .stream(
        {
          viewer: ({ viewer }) => (state.viewer = viewer),
          screen: ({ cols, rows, data }) => {
            term.reset();
            resizeTo(cols, rows);
            term.write(fromBase64(data));
            frame.status("");
          },
          output: ({ data }) => term.write(fromBase64(data)),
          size: ({ cols, rows }) => resizeTo(cols, rows),
          control: ({ held, mine }) => {
            if (!mine) state.controlId = undefined;
            term.options.disableStdin = !mine;
            frame.control(held, mine);
          },
          end: ({ reason }) => frame.ended(reason),
        },
        signal,
      )
      .catch(() => false);
    if (ended || signal.aborted) return;
    state.controlId = undefined;
    frame.control(false, false);
    frame.status("disconnected; reconnecting…");
    await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 500 * 2 ** Math.min(attempt, 4))));
  }
}
