import { z } from "zod";

/** What a ticket handed on, checked against its output schema. */
export type TicketOutputCheck =
  { readonly ok: true; readonly output: unknown } | { readonly ok: false; readonly problem: string };

/**
 * Reads a worker's reply as the ticket's output: the whole reply as JSON, else the last fenced
 * ```json block in it (agents wrap JSON in prose). With an output schema (JSON Schema, as the
 * proposal declares it) the value must match it; without one, any reply that is not empty counts,
 * kept as text. The reply is untrusted: it is parsed, never run.
 */
export function checkTicketOutput(
  reply: string,
  schema: Readonly<Record<string, unknown>> | undefined,
): TicketOutputCheck {
  const text = reply.trim();
  if (text === "") return { ok: false, problem: "the reply is empty" };
  const value = parseJson(text);
  if (schema === undefined) return { ok: true, output: value === undefined ? text : value };
  if (value === undefined) return { ok: false, problem: "the reply holds no JSON value" };
  const parsed = z.fromJSONSchema(schema).safeParse(value);
  if (parsed.success) return { ok: true, output: value };
  const first = parsed.error.issues[0];
  const path = first === undefined || first.path.length === 0 ? "(root)" : first.path.join(".");
  return { ok: false, problem: `${path}: ${first?.message ?? "does not match the output schema"}` };
}

function parseJson(text: string): unknown {
  const candidates = [text, ...fencedBlocks(text).reverse()];
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // not JSON; try the next candidate
    }
  }
  return undefined;
}

function fencedBlocks(text: string): string[] {
  return [...text.matchAll(/```(?:json)?\s*\n([\s\S]*?)\n```/g)].map((match) => match[1] ?? "");
}
