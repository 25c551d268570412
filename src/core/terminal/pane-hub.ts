import type { TerminalEvent } from "../events/index.js";
import type { PaneAttachment, PaneEvent, PaneScreen, PaneSize } from "../slots/index.js";
import { createPaneControl, type PaneControl } from "./pane-control.js";

/** What one viewer (an open terminal in a page) is told, in order. */
export interface PaneViewerSink {
  /** First: the id `take` gives control to. */
  joined(viewerId: string): void;
  screen(screen: PaneScreen): void;
  output(data: Uint8Array): void;
  size(size: PaneSize): void;
  /** Whether someone holds control, and whether it is this viewer. */
  control(state: { held: boolean; mine: boolean }): void;
  end(reason: string): void;
}

export interface PaneViewer {
  readonly id: string;
  /** Idempotent; the last viewer leaving closes the session's attachment. */
  leave(): Promise<void>;
}

export interface PaneHubDeps {
  /** The session's pane (Runtime.attachPane); rejects when it has none or is not running. */
  attach(sessionId: string): Promise<PaneAttachment>;
  /** Appends one terminal event of the session to the store. */
  record(sessionId: string, event: TerminalEvent): void;
  /** Unguessable ids (viewers, control credentials). */
  randomId(): string;
}

export interface PaneHub {
  join(sessionId: string, sink: PaneViewerSink): Promise<PaneViewer>;
  /** The session's control, for take/release/input/resize; undefined when nobody views it. */
  control(sessionId: string): PaneControl | undefined;
  /** Closes every attachment (the daemon stopping). */
  closeAll(): Promise<void>;
}

export interface HubEntry {
  readonly sessionId: string;
  readonly attachment: PaneAttachment;
  readonly viewers: Map<string, { sink: PaneViewerSink; pending: boolean }>;
}

/**
 * One attachment per session, shared by every viewer: a viewer joining asks for a fresh screen and
 * gets the output after it (a screen plus everything printed after it is always a true picture);
 * a size change sends everyone a new screen. The last viewer leaving closes the attachment.
 */
export function createPaneHub(deps: PaneHubDeps): PaneHub {
  const entries = new Map<string, Promise<{ entry: HubEntry; control: PaneControl }>>();
  const open = (sessionId: string) => {
    const known = entries.get(sessionId);
    if (known !== undefined) return known;
    const opening = deps.attach(sessionId).then((attachment) => {
      const entry: HubEntry = { sessionId, attachment, viewers: new Map() };
      const control = createPaneControl(entry, deps);
      attachment.listen((event) => dispatch(entry, control, event, () => entries.delete(sessionId)));
      return { entry, control };
    });
    entries.set(sessionId, opening);
    opening.catch(() => entries.delete(sessionId));
    return opening;
  };
  const settled = new Map<string, PaneControl>();
  return {
    async join(sessionId, sink) {
      const { entry, control } = await open(sessionId);
      settled.set(sessionId, control);
      const id = deps.randomId();
      entry.viewers.set(id, { sink, pending: true });
      sink.joined(id);
      sink.control({ held: control.holder() !== undefined, mine: false });
      entry.attachment.requestScreen();
      let left = false;
      return {
        id,
        async leave() {
          if (left) return;
          left = true;
          entry.viewers.delete(id);
          await control.viewerLeft(id);
          if (entry.viewers.size > 0 || entries.get(sessionId) === undefined) return;
          entries.delete(sessionId);
          settled.delete(sessionId);
          await entry.attachment.close();
        },
      };
    },
    control: (sessionId) => (entries.has(sessionId) ? settled.get(sessionId) : undefined),
    async closeAll() {
      const all = await Promise.allSettled([...entries.values()]);
      entries.clear();
      settled.clear();
      for (const result of all)
        if (result.status === "fulfilled") await result.value.entry.attachment.close();
    },
  };
}

function dispatch(entry: HubEntry, control: PaneControl, event: PaneEvent, forget: () => void): void {
  const viewers = [...entry.viewers.values()];
  if (event.kind === "screen") {
    for (const viewer of viewers.filter((v) => v.pending)) {
      viewer.pending = false;
      viewer.sink.screen(event.screen);
    }
  } else if (event.kind === "output") {
    for (const viewer of viewers) if (!viewer.pending) viewer.sink.output(event.data);
  } else if (event.kind === "size") {
    for (const viewer of viewers) {
      viewer.pending = true;
      viewer.sink.size(event.size);
    }
    entry.attachment.requestScreen();
  } else {
    forget();
    control.paneEnded();
    for (const viewer of viewers) viewer.sink.end(event.reason);
    entry.viewers.clear();
  }
}
