import { useEffect, useState } from "preact/hooks";
import { describeError } from "./api.js";
import { html } from "./html.js";
import {
  PushProblem,
  readPushState,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushState,
} from "./push-subscribe.js";

function sentence(error: unknown): string {
  return error instanceof PushProblem ? error.message : describeError(error);
}

/** "Notify me on this device": a switch whose state is what the daemon keeps for this browser. */
function PushToggle() {
  const [state, setState] = useState<PushState>({ kind: "checking" });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    readPushState().then(setState, (error: unknown) =>
      setState({ kind: "unavailable", why: sentence(error) }),
    );
  }, []);
  const toggle = async (on: boolean): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await (on ? subscribeThisDevice() : unsubscribeThisDevice());
      setState({
        kind: on ? "on" : "off",
        note: on ? "Notifications are on for this device." : "Notifications are off for this device.",
      });
    } catch (error) {
      setProblem(sentence(error));
    } finally {
      setBusy(false);
    }
  };
  const unavailable = state.kind === "unavailable" ? state.why : null;
  const note = problem ?? unavailable ?? ("note" in state ? state.note : undefined) ?? "";
  return html`<section class="push-settings" aria-label="Notifications">
    <h2>Notifications</h2>
    <p>
      A question from an agent, CI failing after its retries, a pull request approved and green, a rate limit:
      each tells this device, with a link to the session.
    </p>
    <label class="switch">
      <input
        type="checkbox"
        role="switch"
        checked=${state.kind === "on"}
        disabled=${busy || state.kind === "checking" || unavailable !== null}
        onChange=${(event: Event) => void toggle((event.target as HTMLInputElement).checked)}
      />
      Notify me on this device
    </label>
    <p
      class=${`outcome ${(problem ?? unavailable) ? "failed" : "done"}`}
      role="status"
      aria-live="polite"
      aria-label="Notification status"
    >
      ${busy ? "Working…" : note}
    </p>
  </section>`;
}

/** `#/settings`: what this browser does for the person (its notifications). */
export function SettingsPage() {
  return html`<main class="settings" aria-label="Settings">
    <${PushToggle} />
  </main>`;
}
