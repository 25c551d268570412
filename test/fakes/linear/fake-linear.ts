import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { slugify } from "../../../src/core/sessions/branch-name.js";
import { answerOperation, authError, type Api } from "./linear-operations.js";

/**
 * A loopback stand-in for Linear's GraphQL API, reached through `LinearClient`'s `apiUrl`. It
 * answers the operations tracker/linear sends (by operation name, checking the root field), keeps
 * issues and workflow states in memory, and records every request with its Authorization header.
 */
export interface FakeLinearState {
  id: string;
  name: string;
  type: "triage" | "backlog" | "unstarted" | "started" | "completed" | "canceled";
}

export interface FakeLinearUser {
  name: string;
  displayName: string;
  email: string;
  /** True for the user the API key belongs to (`isMe`). */
  isMe?: boolean;
}

export interface FakeLinearIssue {
  id: string;
  identifier: string;
  title: string;
  description: string | null;
  branchName: string;
  teamKey: string;
  stateId: string;
  labels: string[];
  assignee: FakeLinearUser | null;
  /** Bodies of the comments posted on it (commentCreate), oldest first. */
  comments: string[];
}

/** A label: workspace-wide when `teamKey` is null, else one team's own. */
export interface FakeLinearLabel {
  id: string;
  name: string;
  teamKey: string | null;
}

export interface FakeLinearIssueSeed {
  title: string;
  description?: string | null;
  labels?: readonly string[];
  /** A workflow state name of the team; default `Todo`. */
  state?: string;
  team?: string;
  assignee?: FakeLinearUser;
  /** Default: Linear's own form, `<user>/<identifier>-<title slug>`. */
  branchName?: string;
}

export interface RecordedLinearRequest {
  operation: string;
  query: string;
  variables: Record<string, unknown>;
  authorization: string | undefined;
}

export interface FakeLinear {
  apiUrl: string;
  apiKey: string;
  requests: RecordedLinearRequest[];
  issues: FakeLinearIssue[];
  labels: FakeLinearLabel[];
  addIssue(seed: FakeLinearIssueSeed): FakeLinearIssue;
  issue(identifier: string): FakeLinearIssue;
  stateName(issue: FakeLinearIssue): string;
  /** A team's UUID by its key (what the original ao's `teamId` holds). */
  teamId(key: string): string;
  /** The next request gets this HTTP answer instead (a rate limit, an outage). */
  failNext(status: number, body: unknown, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

export const FAKE_LINEAR_KEY = "lin_api_FAKEfakeFAKEfakeFAKEfake0123456789";

const DEFAULT_STATES: readonly Omit<FakeLinearState, "id">[] = [
  { name: "Backlog", type: "backlog" },
  { name: "Todo", type: "unstarted" },
  { name: "In Progress", type: "started" },
  { name: "Done", type: "completed" },
  { name: "Canceled", type: "canceled" },
];

export async function startFakeLinear(
  options: { apiKey?: string; teams?: string[] } = {},
): Promise<FakeLinear> {
  const apiKey = options.apiKey ?? FAKE_LINEAR_KEY;
  const teams = new Map<string, { id: string; states: FakeLinearState[] }>();
  for (const key of options.teams ?? ["ENG"]) {
    teams.set(key, {
      id: randomUUID(),
      states: DEFAULT_STATES.map((state) => ({ ...state, id: randomUUID() })),
    });
  }
  const issues: FakeLinearIssue[] = [];
  const labels: FakeLinearLabel[] = [];
  const requests: RecordedLinearRequest[] = [];
  const failures: { status: number; body: unknown; headers: Record<string, string> }[] = [];
  const teamOf = (key: string) => teams.get(key) ?? fail(`fake Linear has no team ${key}`);
  const stateOf = (issue: FakeLinearIssue) =>
    teamOf(issue.teamKey).states.find((state) => state.id === issue.stateId) ?? fail("state vanished");
  const addIssue = (seed: FakeLinearIssueSeed): FakeLinearIssue => {
    const team = seed.team ?? "ENG";
    const identifier = `${team}-${String(issues.filter((issue) => issue.teamKey === team).length + 1)}`;
    const stateName = seed.state ?? "Todo";
    const state = teamOf(team).states.find((s) => s.name === stateName) ?? fail(`no state ${stateName}`);
    for (const name of seed.labels ?? [])
      if (!labels.some((label) => label.name === name))
        labels.push({ id: randomUUID(), name, teamKey: team });
    const issue: FakeLinearIssue = {
      id: randomUUID(),
      identifier,
      title: seed.title,
      description: seed.description === undefined ? "" : seed.description,
      branchName:
        seed.branchName ?? `ada/${identifier.toLowerCase()}-${slugify(seed.title)}`.replace(/-$/, ""),
      teamKey: team,
      stateId: state.id,
      labels: [...(seed.labels ?? [])],
      assignee: seed.assignee ?? null,
      comments: [],
    };
    issues.push(issue);
    return issue;
  };
  const api: Api = { issues, labels, teams, teamOf, stateOf, apiKey, addIssue };

  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      const recorded = record(req, body);
      requests.push(recorded);
      const failure = failures.shift();
      if (failure !== undefined) return send(res, failure.status, failure.body, failure.headers);
      if (recorded.authorization !== apiKey) return send(res, 400, authError());
      const answer = answerOperation(api, recorded);
      return send(res, 200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${String(port)}/graphql`,
    apiKey,
    requests,
    issues,
    labels,
    addIssue,
    issue: (identifier) =>
      issues.find((issue) => issue.identifier === identifier) ?? fail(`no ${identifier}`),
    stateName: (issue) => stateOf(issue).name,
    teamId: (key) => teamOf(key).id,
    failNext: (status, body, headers = {}) => failures.push({ status, body, headers }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function record(req: IncomingMessage, body: unknown): RecordedLinearRequest {
  const { query, variables } = (body ?? {}) as { query?: string; variables?: Record<string, unknown> };
  const text = query ?? "";
  return {
    operation: /^\s*(?:query|mutation)\s+(\w+)/.exec(text)?.[1] ?? "",
    query: text,
    variables: variables ?? {},
    authorization: req.headers.authorization,
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function fail(message: string): never {
  throw new Error(message);
}
