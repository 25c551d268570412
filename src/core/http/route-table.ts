import { HTTP_METHODS, HttpRefusal, type Route, type RouteSet } from "./route.js";

type Segment =
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "param" | "rest"; readonly name: string };

interface CompiledRoute {
  readonly route: Route;
  readonly owner: string;
  readonly segments: readonly Segment[];
}

export type RouteMatch =
  | { readonly kind: "found"; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: "no-route" }
  | { readonly kind: "wrong-method"; readonly allow: readonly string[] };

export interface RouteTable {
  /** `path` as sent, without the query string. Throws HttpRefusal(400) for a malformed path. */
  match(method: string, path: string): RouteMatch;
}

/**
 * The routes of every mounted set, checked once: a malformed path or two routes that would answer
 * the same request (same method, same literals, parameters in the same places) fail the mount,
 * naming both owners, instead of one silently shadowing the other.
 */
export function createRouteTable(sets: readonly RouteSet[]): RouteTable {
  const compiled: CompiledRoute[] = [];
  const seen = new Map<string, string>();
  for (const set of sets) {
    for (const route of set.routes) {
      const entry = { route, owner: set.owner, segments: compile(route, set.owner) };
      const key = `${route.method} ${shapeOf(entry.segments)}`;
      const other = seen.get(key);
      if (other !== undefined)
        throw new Error(`route ${route.method} ${route.path} of ${set.owner} collides with one of ${other}`);
      seen.set(key, set.owner);
      compiled.push(entry);
    }
  }
  return { match: (method, path) => match(compiled, method, requestSegments(path)) };
}

function match(routes: readonly CompiledRoute[], method: string, segments: readonly string[]): RouteMatch {
  let best: { entry: CompiledRoute; params: Record<string, string>; rank: number[] } | undefined;
  const allow = new Set<string>();
  for (const entry of routes) {
    const params = bind(entry.segments, segments);
    if (params === undefined) continue;
    allow.add(entry.route.method);
    if (entry.route.method !== method) continue;
    const rank = entry.segments.map((segment) => ["literal", "param", "rest"].indexOf(segment.kind));
    if (best === undefined || moreSpecific(rank, best.rank)) best = { entry, params, rank };
  }
  if (best !== undefined) return { kind: "found", route: best.entry.route, params: best.params };
  if (allow.size === 0) return { kind: "no-route" };
  return { kind: "wrong-method", allow: HTTP_METHODS.filter((known) => allow.has(known)) };
}

function bind(pattern: readonly Segment[], segments: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    const given = segments[index];
    if (given === undefined) return undefined;
    if (segment.kind === "rest") {
      params[segment.name] = segments.slice(index).join("/");
      return params;
    }
    if (segment.kind === "literal" && segment.text !== given) return undefined;
    if (segment.kind === "param") params[segment.name] = given;
  }
  return pattern.length === segments.length ? params : undefined;
}

/** Left to right, a literal beats a parameter and a parameter beats the rest. */
function moreSpecific(rank: readonly number[], than: readonly number[]): boolean {
  for (let index = 0; index < Math.min(rank.length, than.length); index++)
    if (rank[index] !== than[index]) return (rank[index] ?? 0) < (than[index] ?? 0);
  return rank.length > than.length;
}

/** Split first, then decode each segment: `%2F` inside a segment stays inside it. */
function requestSegments(path: string): string[] {
  const raw = path === "/" ? [] : path.slice(1).split("/");
  return raw.map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new HttpRefusal(400, "malformed percent-encoding in the path");
    }
    // Nothing here serves files, but a handler that did must never see `..`.
    if (decoded === "." || decoded === "..")
      throw new HttpRefusal(400, "`.` and `..` are not allowed in a path");
    return decoded;
  });
}

function compile(route: Route, owner: string): Segment[] {
  const fail = (why: string) => new Error(`route ${route.method} ${route.path} of ${owner}: ${why}`);
  if (!(HTTP_METHODS as readonly string[]).includes(route.method)) throw fail("unknown method");
  if (!route.path.startsWith("/")) throw fail("the path must start with /");
  const parts = route.path === "/" ? [] : route.path.slice(1).split("/");
  return parts.map((part, index): Segment => {
    const name = part.slice(1);
    if (part.startsWith(":") || part.startsWith("*")) {
      if (!/^\w+$/.test(name)) throw fail(`parameter \`${part}\` needs a name of letters, digits or _`);
      if (part.startsWith("*") && index !== parts.length - 1) throw fail("`*` is only allowed last");
      return { kind: part.startsWith(":") ? "param" : "rest", name };
    }
    if (part === "") throw fail("empty segment");
    return { kind: "literal", text: decodeURIComponent(part) };
  });
}

function shapeOf(segments: readonly Segment[]): string {
  return segments
    .map((segment) => (segment.kind === "literal" ? `=${segment.text}` : segment.kind))
    .join("/");
}
