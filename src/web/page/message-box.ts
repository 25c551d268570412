import { useState } from "preact/hooks";
import type { SendAnswer, SendRequest } from "../api/types.js";
import { describeSend } from "./answers.js";
import { describeError, postJson } from "./api.js";
import { html } from "./html.js";

/**
 * The labelled message box and its "Send" button: the text goes to the agent as the CLI's `ao send`
 * would send it (the same core call), byte for byte; the box empties only once the server took it.
 */
export function MessageBox({ session }: { session: string }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (text.trim() === "") return setResult({ ok: false, text: "Type a message first." });
    setBusy(true);
    try {
      const body: SendRequest = { text, wait: "delivered" };
      const answer = await postJson<SendAnswer>(`/api/sessions/${encodeURIComponent(session)}/send`, body);
      setText("");
      setResult({ ok: true, text: describeSend(answer) });
    } catch (error) {
      setResult({ ok: false, text: describeError(error) });
    } finally {
      setBusy(false);
    }
  };
  const inputId = `message-${session}`;
  return html`<form class="message-box" onSubmit=${(event: Event) => void send(event)}>
    <label for=${inputId}>Message to the agent</label>
    <textarea
      id=${inputId}
      rows="3"
      value=${text}
      onInput=${(event: Event) => setText((event.target as HTMLTextAreaElement).value)}
    ></textarea>
    <div class="row">
      <button type="submit" disabled=${busy}>Send</button>
      <span
        class=${`outcome ${result === null ? "idle" : result.ok ? "done" : "failed"}`}
        role="status"
        aria-live="polite"
        aria-label="Send result"
      >
        ${busy ? "Sending…" : (result?.text ?? "")}
      </span>
    </div>
  </form>`;
}
