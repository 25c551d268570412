import type { RouteRequest } from "../../core/http/index.js";
import type { PaneSize } from "../../core/slots/index.js";

/** A refusal of the request's body, with its status (400, or 415 for a body that is not JSON). */
export class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export function badRequest(message: string, status = 400): BadRequest {
  return new BadRequest(message, status);
}

/** At most this many bytes of keys per input: a paste of 48 KiB, far more than anyone types. */
export const MAX_INPUT_BYTES = 48 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A JSON object body; 415 without `Content-Type: application/json`, 400 for anything but an object. */
export async function readJsonObject(request: RouteRequest): Promise<Record<string, unknown>> {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw badRequest("send a JSON body (Content-Type: application/json)", 415);
  let value: unknown;
  try {
    value = JSON.parse((await request.body()).toString("utf8")) as unknown;
  } catch {
    throw badRequest("the body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw badRequest("the body must be a JSON object");
  return value as Record<string, unknown>;
}

export function readControlId(body: Record<string, unknown>): string {
  const id = body["controlId"];
  if (typeof id !== "string" || id === "")
    throw badRequest("`controlId` must be the id taking control returned");
  return id;
}

export function readBase64(body: Record<string, unknown>): Buffer {
  const data = body["data"];
  if (typeof data !== "string" || !BASE64.test(data) || data.length % 4 !== 0)
    throw badRequest("`data` must be the keys as base64");
  const bytes = Buffer.from(data, "base64");
  if (bytes.length === 0 || bytes.length > MAX_INPUT_BYTES)
    throw badRequest(`\`data\` must hold 1 to ${String(MAX_INPUT_BYTES)} bytes`);
  return bytes;
}

export function readSize(body: Record<string, unknown>): PaneSize {
  const { cols, rows } = body;
  const valid = (n: unknown, max: number): n is number =>
    Number.isInteger(n) && (n as number) >= 2 && (n as number) <= max;
  if (!valid(cols, 1000) || !valid(rows, 500))
    throw badRequest("`cols` (2–1000) and `rows` (2–500) must be whole numbers");
  return { cols, rows };
}
