/** The terminal's frame around xterm: a status line and the control button. Plain DOM, no framework. */
export interface TerminalFrame {
  readonly screen: HTMLElement;
  status(text: string): void;
  /** Shows "Take control" or "Release control" (and who holds it). */
  control(held: boolean, mine: boolean): void;
  onTake(act: () => Promise<void>): void;
  onRelease(act: () => Promise<void>): void;
  noPane(reason: string): void;
  ended(reason: string): void;
  remove(): void;
}

export function terminalFrame(element: HTMLElement): TerminalFrame {
  const root = document.createElement("section");
  root.className = "terminal";
  root.setAttribute("aria-label", "Terminal");
  const bar = document.createElement("div");
  bar.className = "terminal-bar";
  const button = document.createElement("button");
  button.type = "button";
  const note = document.createElement("span");
  note.className = "terminal-status";
  note.setAttribute("role", "status");
  const screen = document.createElement("div");
  screen.className = "terminal-screen";
  bar.append(button, note);
  root.append(bar, screen);
  element.append(root);
  let mine = false;
  let take: () => Promise<void> = () => Promise.resolve();
  let release: () => Promise<void> = () => Promise.resolve();
  const status = (text: string) => (note.textContent = text);
  const control = (held: boolean, isMine: boolean) => {
    mine = isMine;
    button.textContent = mine ? "Release control" : "Take control";
    root.classList.toggle("terminal-live", mine);
    status(
      mine
        ? "you are typing into the agent's pane (Esc then Tab leaves it)"
        : held
          ? "someone else has control"
          : "read-only",
    );
  };
  control(false, false);
  button.addEventListener("click", () => {
    button.disabled = true;
    (mine ? release() : take())
      .catch((error: unknown) => status(error instanceof Error ? error.message : String(error)))
      .finally(() => (button.disabled = false));
  });
  const stop = (text: string) => {
    button.remove();
    status(text);
  };
  return {
    screen,
    status,
    control,
    onTake: (act) => (take = act),
    onRelease: (act) => (release = act),
    noPane(reason) {
      screen.remove();
      root.classList.add("terminal-none");
      stop(reason);
    },
    ended: (reason) => stop(`the pane is gone: ${reason}`),
    remove: () => root.remove(),
  };
}
