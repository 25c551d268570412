import type { AoContext } from "../../core/context.js";
import type { DaemonMountContext, RouteMount } from "../../core/daemon/index.js";
import { isAoError, messageOf } from "../../core/errors.js";
import type { RouteAnswer, RouteRequest } from "../../core/http/index.js";
import {
  createPaneHub,
  type PaneHub,
  type PaneControl,
  sessionPaneDeps,
  sessionPaneInfo,
} from "../../core/terminal/index.js";
import {
  BadRequest,
  badRequest,
  readBase64,
  readControlId,
  readJsonObject,
  readSize,
} from "./terminal-body.js";
import { openTerminalStream } from "./terminal-stream.js";

/**
 * A terminal route, shaped like the dashboard's routes (web/server's `DashboardRoute`): `read` for
 * GETs, `mutation` for JSON POSTs, so the dashboard mounts these behind its own guard (cookie,
 * Origin, JSON only) and `terminalRouteMount` behind the daemon token.
 */
export interface TerminalRoute {
  readonly kind: "read" | "mutation";
  readonly method: "GET" | "POST";
  readonly path: string;
  handle(request: RouteRequest): RouteAnswer | undefined | Promise<RouteAnswer | undefined>;
}

const BASE = "/api/sessions/:id/terminal";

/**
 * The live terminal over plain HTTP: output as Server-Sent Events, input and resizes as JSON POSTs
 * (no WebSocket: no upgrade path with its own auth rules, no dependency; docs/dashboard.md).
 */
export function terminalRoutes(ctx: AoContext, hub: PaneHub): TerminalRoute[] {
  const mutation = (
    name: string,
    act: (control: PaneControl, body: Record<string, unknown>, id: string) => Promise<unknown>,
  ): TerminalRoute => ({
    kind: "mutation",
    method: "POST",
    path: `${BASE}/${name}`,
    handle: (request) =>
      answer(async () => {
        const id = request.params["id"] ?? "";
        const body = await readJsonObject(request);
        const control = hub.control(id);
        if (control === undefined)
          return refuse(409, `nobody has ${id}'s terminal open`, "open the session's terminal first");
        return { status: 200, body: await act(control, body, id) };
      }),
  });
  return [
    {
      kind: "read",
      method: "GET",
      path: BASE,
      handle: (request) =>
        answer(async () => ({ status: 200, body: await sessionPaneInfo(ctx, request.params["id"] ?? "") })),
    },
    {
      kind: "read",
      method: "GET",
      path: `${BASE}/stream`,
      handle: (request) => answer(() => stream(ctx, hub, request)),
    },
    mutation("control", (control, body) => Promise.resolve(control.take(readViewer(body)))),
    mutation("release", async (control, body) => {
      await control.release(readControlId(body));
      return { released: true };
    }),
    mutation("input", async (control, body) => {
      const data = readBase64(body);
      await control.input(readControlId(body), data);
      return { bytes: data.length };
    }),
    mutation("resize", async (control, body) => {
      const size = readSize(body);
      await control.resize(readControlId(body), size);
      return size;
    }),
  ];
}

/** The terminal routes alone behind the daemon's token (a daemon without the dashboard, tests). */
export const terminalRouteMount: RouteMount = (daemon: DaemonMountContext) => ({
  owner: "terminal",
  routes: terminalRoutes(daemon.ctx, createPaneHub(sessionPaneDeps(daemon.ctx))).map((route) => ({
    method: route.method,
    path: route.path,
    auth: "token" as const,
    handle: (request: RouteRequest) => route.handle(request),
  })),
});

async function stream(ctx: AoContext, hub: PaneHub, request: RouteRequest): Promise<RouteAnswer | undefined> {
  const id = request.params["id"] ?? "";
  const info = await sessionPaneInfo(ctx, id);
  if (!info.pane) return refuse(409, `${id} has no terminal to show: ${info.reason}`, undefined, "no_pane");
  const live = openTerminalStream(request.raw.response);
  try {
    const viewer = await hub.join(id, live.sink);
    void live.closed.then(() => viewer.leave());
  } catch (error) {
    live.send("end", { reason: messageOf(error) });
    live.close();
  }
  return undefined;
}

function readViewer(body: Record<string, unknown>): string {
  const viewer = body["viewer"];
  if (typeof viewer !== "string" || viewer === "")
    throw badRequest("`viewer` must be the id the stream's first message gave");
  return viewer;
}

const STATUS_OF: Readonly<Record<string, number>> = { E_NOT_FOUND: 404, E_SESSION_STATE: 409, E_USAGE: 400 };

/** Refusals as the dashboard's ErrorAnswer ({ error, code, hint }); anything else is a 500. */
async function answer(run: () => Promise<RouteAnswer | undefined>): Promise<RouteAnswer | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BadRequest) return refuse(error.status, error.message);
    if (isAoError(error) && STATUS_OF[error.code] !== undefined)
      return refuse(
        STATUS_OF[error.code] ?? 500,
        error.message,
        typeof error.hint === "string" ? error.hint : undefined,
        error.code,
      );
    throw error;
  }
}

function refuse(status: number, error: string, hint?: string, code?: string): RouteAnswer {
  return {
    status,
    body: { error, ...(code === undefined ? {} : { code }), ...(hint === undefined ? {} : { hint }) },
  };
}
