import { useState } from "preact/hooks";
import { describeError } from "./api.js";
import { html } from "./html.js";

/** How an action went: shown beside its button, read out by screen readers (aria-live). */
type Outcome =
  { kind: "idle" } | { kind: "running" } | { kind: "done"; text: string } | { kind: "failed"; text: string };

export interface ActionButtonProps {
  /** The button's accessible name ("Interrupt", "Restore"). */
  label: string;
  /** Runs the action; resolves to the sentence that says what happened. */
  run: () => Promise<string>;
  /** Ask first: the button opens an inline confirmation with this question. */
  confirm?: string;
  disabled?: boolean;
  danger?: boolean;
}

/**
 * Every action on the page is one of these: a button with an accessible name, an optional inline
 * confirmation (no browser dialog: keyboard- and test-friendly), and its result or refusal shown
 * next to it, never a silent click.
 */
export function ActionButton(props: ActionButtonProps) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [asking, setAsking] = useState(false);
  const go = async (): Promise<void> => {
    setAsking(false);
    setOutcome({ kind: "running" });
    try {
      setOutcome({ kind: "done", text: await props.run() });
    } catch (error) {
      setOutcome({ kind: "failed", text: describeError(error) });
    }
  };
  const busy = outcome.kind === "running";
  const className = props.danger === true ? "action danger" : "action";
  return html`<span class="action-wrap">
    <button
      class=${className}
      disabled=${props.disabled === true || busy}
      onClick=${() => (props.confirm ? setAsking(true) : void go())}
    >
      ${props.label}
    </button>
    ${
      asking &&
      html`<span class="confirm" role="group" aria-label=${`Confirm ${props.label.toLowerCase()}`}>
        <span>${props.confirm}</span>
        <button class="action danger" onClick=${() => void go()}>Yes, ${props.label.toLowerCase()}</button>
        <button class="action" onClick=${() => setAsking(false)}>Cancel</button>
      </span>`
    }
    <span
      class=${`outcome ${outcome.kind}`}
      role="status"
      aria-live="polite"
      aria-label=${`${props.label} result`}
    >
      ${busy ? "…" : outcome.kind === "idle" ? "" : outcome.text}
    </span>
  </span>`;
}
