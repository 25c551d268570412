/**
 * The address bar's fragment carries two things: the login token `ao` printed (`#token=…`, never
 * sent to the server by the browser) and the page's route (`#/s/<id>`, `#/p/<project>`). Pure, so the
 * split is tested without a browser.
 */
export interface Fragment {
  token: string | null;
  /** The fragment without the token: what stays in the address bar. */
  route: string;
}

export function splitFragment(hash: string): Fragment {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  let token: string | null = null;
  const kept: string[] = [];
  const [path = "", query] = raw.startsWith("/") ? splitOnce(raw, "?") : ["", raw];
  for (const part of (query ?? "").split("&")) {
    if (part === "") continue;
    if (part.startsWith("token=")) token = decodeURIComponent(part.slice("token=".length));
    else kept.push(part);
  }
  const route = path + (kept.length > 0 ? `?${kept.join("&")}` : "");
  return { token: token === "" ? null : token, route };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Where the page is: the fleet, one session (its review tab), or one project's supervision view. */
export type Route =
  | { page: "fleet" }
  | { page: "session"; id: string; tab?: "review" }
  | { page: "project"; project: string }
  | { page: "plans" }
  | { page: "plan"; id: string }
  | { page: "settings" }
  | { page: "queue" };

export function parseRoute(route: string): Route {
  const path = route.split("?")[0] ?? "";
  const session = /^\/s\/([^/]+)(\/review)?$/.exec(path);
  if (session?.[1] !== undefined) {
    const id = decodeURIComponent(session[1]);
    return session[2] === undefined ? { page: "session", id } : { page: "session", id, tab: "review" };
  }
  const project = /^\/p\/([^/]+)$/.exec(path);
  if (project?.[1] !== undefined) return { page: "project", project: decodeURIComponent(project[1]) };
  if (path === "/plans") return { page: "plans" };
  if (path === "/settings") return { page: "settings" };
  if (path === "/queue") return { page: "queue" };
  const plan = /^\/plans\/([^/]+)$/.exec(path);
  if (plan?.[1] !== undefined) return { page: "plan", id: decodeURIComponent(plan[1]) };
  return { page: "fleet" };
}

/** The fragment of a route, for links (`href`). */
export function routeHref(route: Route): string {
  if (route.page === "session")
    return `#/s/${encodeURIComponent(route.id)}${route.tab === "review" ? "/review" : ""}`;
  if (route.page === "project") return `#/p/${encodeURIComponent(route.project)}`;
  if (route.page === "plans") return "#/plans";
  if (route.page === "settings") return "#/settings";
  if (route.page === "queue") return "#/queue";
  if (route.page === "plan") return `#/plans/${encodeURIComponent(route.id)}`;
  return "#/";
}
