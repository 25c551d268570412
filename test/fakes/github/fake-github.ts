import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createControls, type FakeControls } from "./controls.js";
import { FaultQueue, type FakeFault } from "./faults.js";
import { createMergeQueueControls, type FakeMergeQueueControls } from "./merge-queue-controls.js";
import { graphqlRoute } from "./graphql.js";
import { branchRoutes } from "./rest-branches.js";
import { checkRoutes } from "./rest-checks.js";
import { mergeRoutes } from "./rest-merge.js";
import { pushesIn, recordPushes, type FakePush } from "./push-log.js";
import { pullRoutes } from "./rest-pulls.js";
import { reviewRoutes } from "./rest-reviews.js";
import { errorResponse, matchRoute, type FakeRequest, type FakeResponse, type FakeRoute } from "./route.js";
import { FakeGitHubState } from "./state.js";

/**
 * A loopback GitHub (REST + GraphQL) for offline tests: real response shapes, ETags and 304s,
 * injectable rate limits and server errors, and every request recorded with whether it counted
 * against the rate limit (a 304 does not; neither does a log download).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  rateLimited: boolean;
  /** Request headers without `authorization`, and the raw body: for "no token leaked" checks. */
  headers: Record<string, string | undefined>;
  body: string;
}

export interface FakeGitHub extends FakeControls, FakeMergeQueueControls {
  readonly apiUrl: string;
  readonly graphqlUrl: string;
  readonly state: FakeGitHubState;
  readonly requests: RecordedRequest[];
  /** Serves `owner/repo` from a bare repository on disk (pushes land there). */
  addRepo(fullName: string, bareRepoPath: string, defaultBranch?: string): void;
  failNext(fault: FakeFault): void;
  /** From now on every push into `owner/repo`'s bare repository is recorded (see push-log.ts). */
  recordPushes(fullName: string): void;
  /** The pushes recorded into `owner/repo`, oldest first per branch. */
  pushes(fullName: string): FakePush[];
  /**
   * Called with each request once it was handled and recorded, before its answer is sent: a test
   * can act at that moment (kill the client after the forge did what it asked, before it hears so).
   */
  onAnswer(listener: (request: RecordedRequest) => void): void;
  /** Requests that counted against the rate limit. */
  rateLimitedCount(): number;
  resetRequests(): void;
  close(): Promise<void>;
}

export interface FakeGitHubOptions {
  routes?: FakeRoute[];
  /** When set, requests without `Authorization: token|bearer <token>` get a 401. */
  token?: string;
  /** A state made beforehand, when routes (FakeIssues) need it before the server starts. */
  state?: FakeGitHubState;
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const state = options.state ?? new FakeGitHubState();
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  const listeners: ((request: RecordedRequest) => void)[] = [];
  const routes = [
    ...(options.routes ?? []),
    ...pullRoutes(state),
    ...mergeRoutes(state),
    ...checkRoutes(state),
    ...branchRoutes(state),
    ...reviewRoutes(state),
    graphqlRoute(state),
  ];
  const server = createServer((req, res) => {
    void handle(req, res, { state, faults, requests, listeners, routes, token: options.token });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  state.apiUrl = apiUrl;
  return {
    ...createControls(state),
    ...createMergeQueueControls(state),
    apiUrl,
    graphqlUrl: `${apiUrl}/graphql`,
    state,
    requests,
    addRepo: (fullName, path, defaultBranch) => void state.addRepo(fullName, path, defaultBranch),
    failNext: (fault) => faults.add(fault),
    recordPushes: (fullName) => recordPushes(originOf(state, fullName)),
    pushes: (fullName) => pushesIn(originOf(state, fullName)),
    onAnswer: (listener) => void listeners.push(listener),
    rateLimitedCount: () => requests.filter((r) => r.rateLimited).length,
    resetRequests: () => void requests.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Octokit's fetch keeps connections alive; a test's server should not wait for them.
        server.closeAllConnections();
      }),
  };
}

interface ServerParts {
  state: FakeGitHubState;
  faults: FaultQueue;
  requests: RecordedRequest[];
  listeners: ((request: RecordedRequest) => void)[];
  routes: FakeRoute[];
  token: string | undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse, parts: ServerParts): Promise<void> {
  const raw = await readBody(req);
  parts.state.invalidate();
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const method = req.method ?? "GET";
  const headers: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(req.headers))
    headers[key] = Array.isArray(value) ? value.join(", ") : value;
  const request: FakeRequest = {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers,
    body: parseBody(raw),
  };
  let response =
    authorize(request, parts.token) ??
    parts.faults.take(url.pathname, Date.now()) ??
    route(parts.routes, request);
  response = conditional(request, response);
  const { authorization: _authorization, ...visible } = headers;
  const rateLimited = response.status !== 304 && !url.pathname.startsWith("/_downloads/");
  const recorded = {
    method,
    path: url.pathname,
    query: url.search,
    status: response.status,
    rateLimited,
    headers: visible,
    body: raw,
  };
  parts.requests.push(recorded);
  for (const listener of parts.listeners) listener(recorded);
  send(res, response, parts.requests.filter((r) => r.rateLimited).length);
}

function originOf(state: FakeGitHubState, fullName: string): string {
  const repo = state.repos.get(fullName.toLowerCase());
  if (repo === undefined) throw new Error(`fake github: no repository ${fullName}`);
  return repo.origin;
}

function authorize(req: FakeRequest, token: string | undefined): FakeResponse | undefined {
  if (token === undefined || req.path.startsWith("/_downloads/")) return undefined;
  const given = /^(?:token|bearer)\s+(.+)$/i.exec(req.headers["authorization"] ?? "")?.[1];
  return given === token ? undefined : errorResponse(401, "Bad credentials");
}

function route(routes: FakeRoute[], req: FakeRequest): FakeResponse {
  for (const candidate of routes) {
    const params = matchRoute(candidate, req.method, req.path);
    if (params) return candidate.handle(req, params);
  }
  return errorResponse(404, "Not Found");
}

/** ETags on successful GETs; a matching If-None-Match is answered 304 with no body. */
function conditional(req: FakeRequest, response: FakeResponse): FakeResponse {
  if (req.method !== "GET" || response.status !== 200 || typeof response.body === "string") return response;
  const etag = `W/"${createHash("sha1").update(JSON.stringify(response.body)).digest("hex")}"`;
  const headers = { ...response.headers, etag };
  return req.headers["if-none-match"] === etag ? { status: 304, headers } : { ...response, headers };
}

function send(res: ServerResponse, response: FakeResponse, used: number): void {
  const text =
    typeof response.body === "string"
      ? response.body
      : response.body === undefined
        ? ""
        : JSON.stringify(response.body);
  res.writeHead(response.status, {
    "content-type": "application/json; charset=utf-8",
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": String(Math.max(0, 5000 - used)),
    "x-ratelimit-used": String(used),
    ...response.headers,
  });
  res.end(response.status === 304 ? undefined : text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseBody(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
