import { AoError } from "../../../core/plugin-api.js";

/** `ENG-123`: a team key (letters and digits, starting with a letter), a dash, the number. */
const IDENTIFIER = /^([A-Za-z][A-Za-z0-9_]*)-(\d+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id to ask Linear for, from what a person types: `ENG-123` (any case), the issue's URL
 * (`https://linear.app/<workspace>/issue/ENG-123/<slug>`), its UUID, or — when the tracker has a
 * default team — a bare `123` or `#123`. Anything else names no Linear issue.
 */
export function linearIssueId(ref: string, team: string | undefined): string {
  const text = ref.trim();
  const identifier = IDENTIFIER.exec(text);
  if (identifier !== null) return `${identifier[1]!.toUpperCase()}-${identifier[2]!}`;
  if (UUID.test(text)) return text.toLowerCase();
  const number = /^#?(\d+)$/.exec(text)?.[1];
  if (number !== undefined && team !== undefined) return `${team.toUpperCase()}-${number}`;
  const fromUrl = identifierInUrl(text);
  if (fromUrl !== undefined) return fromUrl;
  throw new AoError("E_NOT_FOUND", `${JSON.stringify(ref)} names no Linear issue`, {
    hint:
      team === undefined
        ? "refer to a Linear issue as ENG-123 or by its URL"
        : `refer to a Linear issue as ${team.toUpperCase()}-123, 123, or by its URL`,
    details: { ref },
  });
}

function identifierInUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  const at = segments.indexOf("issue");
  const candidate = at === -1 ? undefined : segments[at + 1];
  const match = candidate === undefined ? null : IDENTIFIER.exec(candidate);
  return match === null ? undefined : `${match[1]!.toUpperCase()}-${match[2]!}`;
}
