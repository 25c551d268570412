import type { PaneAttachment, PaneEvent, Runtime, RuntimeHandle } from "../../src/core/slots/index.js";
import { eventually } from "../contracts/eventually.js";

/** Every event an attachment sends from now on, in order. */
export function recordPaneEvents(attachment: PaneAttachment): PaneEvent[] {
  const events: PaneEvent[] = [];
  attachment.listen((event) => events.push(event));
  return events;
}

/** The program's output so far (the `output` events' bytes), as text. */
export function paneOutput(events: readonly PaneEvent[]): string {
  return Buffer.concat(events.flatMap((event) => (event.kind === "output" ? [event.data] : []))).toString(
    "utf8",
  );
}

/**
 * Attaches to a session's pane as the dashboard does, asks for the screen and waits for it: what the
 * pane tests of every runtime start with.
 */
export async function attachFirstScreen(runtime: Runtime, handle: RuntimeHandle) {
  const attachment = await runtime.attachPane!(handle);
  const events = recordPaneEvents(attachment);
  attachment.requestScreen();
  const screen = await eventually(() => events.find((event) => event.kind === "screen"), "the screen");
  if (screen.kind !== "screen") throw new Error("unreachable: found by kind");
  return {
    attachment,
    events,
    size: screen.screen.size,
    text: Buffer.from(screen.screen.data).toString("utf8"),
  };
}
