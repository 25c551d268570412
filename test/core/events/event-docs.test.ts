import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../../src/core/events/event-types.js";
import { eventModel, renderEventReference } from "../../../scripts/generate-event-docs.mjs";

const model = eventModel();

describe("docs/events.md", () => {
  it("is what the generator makes of the union now (npm run docs:events)", { timeout: 60_000 }, async () => {
    const expected = await renderEventReference(model);
    expect(readFileSync("docs/events.md", "utf8")).toBe(expected);
  });

  it("covers every event type, each once, in its family", () => {
    const documented = model.families.flatMap((family) => family.events.map((event) => event.type));
    expect([...documented].sort()).toEqual([...EVENT_TYPES].sort());
    for (const family of model.families) {
      const prefix = family.events[0]?.type.split(".")[0];
      expect(
        family.events.every((event) => event.type.startsWith(`${prefix}.`)),
        family.name,
      ).toBe(true);
    }
  });

  it("says what every event and every payload field means", () => {
    const undocumented = model.families.flatMap((family) => [
      ...(family.doc === "" ? [family.name] : []),
      ...family.events.flatMap((event) => [
        ...(event.doc === "" ? [event.type] : []),
        ...event.fields.filter((field) => field.doc === "").map((field) => `${event.type}.${field.name}`),
      ]),
    ]);
    expect(undocumented).toEqual([]);
  });

  it("writes each field's type from the source, so a changed field changes the reference", () => {
    const status = model.families
      .flatMap((family) => family.events)
      .find((event) => event.type === "session.status");
    expect(status?.fields).toEqual([
      { name: "from", optional: false, type: "SessionStatus", doc: "The status before." },
      { name: "to", optional: false, type: "SessionStatus", doc: "The status now." },
      expect.objectContaining({ name: "reason", optional: false, type: "string" }),
    ]);
    const exited = model.families
      .flatMap((family) => family.events)
      .find((event) => event.type === "lifecycle.exited");
    expect(exited?.fields.map((field) => [field.name, field.type])).toEqual([
      ["type", '"exited"'],
      ["exitCode", "number | null"],
    ]);
  });
});
