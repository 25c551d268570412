// Types of generate-event-docs.mjs, for the tests that import it.
export interface EventField {
  name: string;
  optional: boolean;
  type: string;
  doc: string;
}

export interface EventModel {
  families: {
    /** The family's type alias (`SessionEvent`). */
    name: string;
    doc: string;
    /** Where it is declared, relative to the repository. */
    file: string;
    events: { type: string; doc: string; fields: EventField[] }[];
  }[];
  /** Named types the fields refer to: object types with fields, long literal unions with values. */
  shapes: { name: string; doc: string; file: string; fields?: EventField[]; values?: string[] }[];
}

export function eventModel(): EventModel;
export function renderEventReference(model?: EventModel): Promise<string>;
