import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { eventModel } from "../../scripts/generate-event-docs.mjs";

/** One event as `ao events --json` prints it. */
export interface EventJson {
  id: number;
  sessionId: string | null;
  type: string;
  payload: Record<string, unknown>;
  createdAt: number;
}

/**
 * The shape of a JSON value, as text: an object's keys in order with their shapes, `string`,
 * `number`… for the rest, an array by its first element. Two events of one type with the same
 * fields have the same shape whatever their values.
 */
export function shapeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `[${value.length === 0 ? "" : shapeOf(value[0])}]`;
  if (typeof value !== "object") return typeof value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, inner]) => `${key}:${shapeOf(inner)}`).join(",")}}`;
}

/** Every shape each type had in `events`, sorted: what a recorded run is compared with. */
export function shapesByType(events: readonly EventJson[]): Record<string, string[]> {
  const shapes: Record<string, Set<string>> = {};
  for (const event of events) (shapes[event.type] ??= new Set()).add(shapeOf(event.payload));
  return Object.fromEntries(
    Object.entries(shapes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, set]) => [type, [...set].sort()]),
  );
}

/**
 * `ao events --json` of a real run stays what it was: every event's payload has one of the shapes
 * recorded for its type (`recorded`, a JSON file of `shapesByType`), so a renamed, dropped or retyped
 * field fails; the types the recording has all appear again; and every payload field, of a recorded
 * type or not, is one the union declares (docs/events.md), with every required one present.
 */
export function expectStableEvents(events: readonly EventJson[], recorded: string): void {
  const expected = JSON.parse(readFileSync(recorded, "utf8")) as Record<string, string[]>;
  const seen = shapesByType(events);
  for (const [type, shapes] of Object.entries(seen)) {
    if (expected[type] === undefined) continue;
    for (const shape of shapes) expect(expected[type], `${type}: ${shape}`).toContain(shape);
  }
  expect(Object.keys(seen)).toEqual(expect.arrayContaining(Object.keys(expected)));
  const declared = new Map(
    eventModel()
      .families.flatMap((family) => family.events)
      .map((event) => [event.type, event.fields]),
  );
  for (const event of events) {
    const fields = declared.get(event.type);
    expect(fields, `${event.type} is in the union`).toBeDefined();
    const names = new Set(fields?.map((field) => field.name));
    expect(
      Object.keys(event.payload).filter((key) => !names.has(key)),
      `${event.type}: undeclared`,
    ).toEqual([]);
    const required = (fields ?? []).filter((field) => !field.optional).map((field) => field.name);
    expect(
      required.filter((name) => !(name in event.payload)),
      `${event.type}: missing`,
    ).toEqual([]);
  }
}
