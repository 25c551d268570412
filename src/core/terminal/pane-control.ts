import { timingSafeEqual } from "node:crypto";
import { AoError } from "../errors.js";
import type { PaneSize } from "../slots/index.js";
import type { HubEntry, PaneHubDeps } from "./pane-hub.js";

/** The credential `take` returns (input and resize need it) and the control's public name. */
export interface TakenControl {
  readonly controlId: string;
  readonly control: string;
}

export interface PaneControl {
  /** The viewer holding control, if any. */
  holder(): string | undefined;
  /** Gives control to a viewer of the session, taking it from whoever held it. */
  take(viewerId: string): TakenControl;
  release(controlId: string): Promise<void>;
  input(controlId: string, data: Uint8Array): Promise<void>;
  resize(controlId: string, size: PaneSize): Promise<void>;
  viewerLeft(viewerId: string): Promise<void>;
  paneEnded(): void;
}

interface Held {
  viewer: string;
  secret: string;
  name: string;
  inputs: number;
  bytes: number;
  resized: boolean;
}

type Reason = "released" | "taken_over" | "viewer_left" | "pane_ended";

/**
 * Read-only unless a viewer takes control: then only the holder of the control id types or
 * resizes, one holder at a time (the newest taker wins and the other viewers are told). Every take,
 * input, resize and release is an event; the pane gets its own size back when control ends.
 */
export function createPaneControl(entry: HubEntry, deps: PaneHubDeps): PaneControl {
  let held: Held | undefined;
  const tell = () => {
    for (const [id, viewer] of entry.viewers)
      viewer.sink.control({ held: held !== undefined, mine: held?.viewer === id });
  };
  const record = (event: Parameters<PaneHubDeps["record"]>[1]) => deps.record(entry.sessionId, event);
  const end = async (reason: Reason) => {
    const ending = held;
    if (ending === undefined) return;
    held = undefined;
    // A new holder inherits the resized pane (its first resize replaces it); a gone pane has no size.
    const restore = ending.resized && reason !== "pane_ended" && reason !== "taken_over";
    if (restore) await entry.attachment.resize(null).catch(() => undefined);
    const { name: control, inputs, bytes } = ending;
    record({
      type: "terminal.control_released",
      payload: { control, reason, inputs, bytes, sizeRestored: restore },
    });
  };
  const holding = (controlId: string): Held => {
    if (held === undefined || !sameSecret(held.secret, controlId))
      throw new AoError(
        "E_SESSION_STATE",
        `this page does not hold control of ${entry.sessionId}'s terminal`,
        {
          hint: "take control first (the terminal is read-only until then), or take it back from whoever holds it",
          details: { session: entry.sessionId },
        },
      );
    return held;
  };
  return {
    holder: () => held?.viewer,
    take(viewerId) {
      if (!entry.viewers.has(viewerId))
        throw new AoError("E_NOT_FOUND", `no open terminal ${viewerId} on ${entry.sessionId}`, {
          hint: "open the session's terminal stream first; control belongs to one open terminal",
        });
      const replaced = held?.name ?? null;
      const resized = held?.resized ?? false;
      if (held !== undefined) void end("taken_over");
      held = {
        viewer: viewerId,
        secret: deps.randomId(),
        name: `c-${deps.randomId().slice(0, 8)}`,
        inputs: 0,
        bytes: 0,
        resized,
      };
      record({ type: "terminal.control_taken", payload: { control: held.name, replaced } });
      tell();
      return { controlId: held.secret, control: held.name };
    },
    async release(controlId) {
      holding(controlId);
      await end("released");
      tell();
    },
    async input(controlId, data) {
      const holder = holding(controlId);
      await entry.attachment.write(data);
      holder.inputs += 1;
      holder.bytes += data.length;
      record({ type: "terminal.input", payload: { control: holder.name, bytes: data.length } });
    },
    async resize(controlId, size) {
      const holder = holding(controlId);
      await entry.attachment.resize(size);
      holder.resized = true;
      record({ type: "terminal.resized", payload: { control: holder.name, ...size } });
    },
    async viewerLeft(viewerId) {
      if (held?.viewer !== viewerId) return;
      await end("viewer_left");
      tell();
    },
    paneEnded: () => void end("pane_ended"),
  };
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
