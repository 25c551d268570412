import { expect } from "vitest";
import type { FleetPatch, FleetSnapshot } from "../../../src/web/api/types.js";
import { applyFleetPatch } from "../../../src/web/page/fleet-patch.js";
import type { SseMessage } from "./sse-client.js";

export const snapshots = (messages: SseMessage[]) =>
  messages.filter((m) => m.event === "fleet").map((m) => JSON.parse(m.data) as FleetSnapshot);
export const patches = (messages: SseMessage[]) =>
  messages.filter((m) => m.event === "fleet-patch").map((m) => JSON.parse(m.data) as FleetPatch);
/** The fleet as a page holds it after each snapshot or patch so far, in order (as live-data.ts applies them). */
export function fleets(messages: SseMessage[]): FleetSnapshot[] {
  const views: FleetSnapshot[] = [];
  for (const message of messages) {
    const data = JSON.parse(message.data || "null") as FleetSnapshot | FleetPatch | null;
    if (message.event === "fleet") views.push(data as FleetSnapshot);
    if (message.event !== "fleet-patch") continue;
    const patch = data as FleetPatch;
    const held = views.at(-1);
    expect(held?.version).toBe(patch.base);
    if (held !== undefined) views.push({ ...applyFleetPatch(held, patch), version: patch.version });
  }
  return views;
}

/** A message as it went over the wire (what a test counts bytes of). */
export function wireText(message: SseMessage): string {
  const id = message.id === null ? "" : `id: ${message.id}\n`;
  return `${id}event: ${message.event}\ndata: ${message.data}\n\n`;
}
