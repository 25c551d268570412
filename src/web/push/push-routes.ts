import { HttpRefusal, type Route, type RouteRequest } from "../../core/http/index.js";
import type { DashboardAuth } from "../server/dashboard-auth.js";
import { jsonBody, type DashboardRoute } from "../server/dashboard-guard.js";
import { decodeKey } from "./push-encryption.js";
import { ownerName, type PushOwner, type PushSubscriptions } from "./push-subscriptions.js";

/** What `GET /api/push` answers: the key the page gives `pushManager.subscribe`. */
export interface PushKeyAnswer {
  readonly publicKey: string;
}

/**
 * The page's routes for "Notify me on this device", behind the dashboard's guard like every other
 * (read: the VAPID public key; mutations: the state, subscribe and unsubscribe of this browser's
 * endpoint). A subscription belongs to whoever made it: the paired device whose cookie the request
 * carries, else the desk; one owner cannot see or remove another's.
 */
export function pushRoutes(
  auth: DashboardAuth,
  subscriptions: PushSubscriptions,
  publicKey: string,
): DashboardRoute[] {
  const owner = (request: RouteRequest): PushOwner => {
    const device = auth.remote?.deviceOf(request.raw.request);
    return device === undefined ? { kind: "desk" } : { kind: "device", id: device.id };
  };
  const mine = (request: RouteRequest, endpoint: string) => {
    const name = ownerName(owner(request));
    return (record: { owner: string; endpoint: string }) =>
      record.owner === name && record.endpoint === endpoint;
  };
  return [
    {
      kind: "read",
      method: "GET",
      path: "/api/push",
      handle: () => ({ status: 200, body: { publicKey } satisfies PushKeyAnswer }),
    },
    {
      kind: "mutation",
      method: "POST",
      path: "/api/push/state",
      maxBodyBytes: 4096,
      handle: async (request) => {
        const endpoint = checkEndpoint((await jsonBody(request)).endpoint);
        return { status: 200, body: { subscribed: subscriptions.all().some(mine(request, endpoint)) } };
      },
    },
    {
      kind: "mutation",
      method: "POST",
      path: "/api/push/subscribe",
      maxBodyBytes: 4096,
      handle: async (request) => {
        const body = await jsonBody(request);
        const endpoint = checkEndpoint(body.endpoint);
        const added = await subscriptions.add(owner(request), endpoint, checkKeys(body.keys));
        return { status: 200, body: { subscribed: true, id: added.id } };
      },
    },
    {
      kind: "mutation",
      method: "POST",
      path: "/api/push/unsubscribe",
      maxBodyBytes: 4096,
      handle: async (request) => {
        const endpoint = checkEndpoint((await jsonBody(request)).endpoint);
        const removed = await subscriptions.remove(mine(request, endpoint));
        return { status: 200, body: { subscribed: false, removed } };
      },
    },
  ];
}

/**
 * A push service's endpoint: HTTPS (every browser's push service is), or HTTP on this machine's
 * loopback (a local push relay, the tests' push service); no credentials in it.
 */
export function checkEndpoint(value: unknown): string {
  if (typeof value !== "string" || value.length > 2048)
    throw new HttpRefusal(400, "send the subscription's endpoint as a URL (at most 2048 characters)");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HttpRefusal(400, "the endpoint is not a URL");
  }
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback))
    throw new HttpRefusal(400, "the endpoint must be an https:// push service");
  if (url.username !== "" || url.password !== "")
    throw new HttpRefusal(400, "the endpoint must carry no credentials");
  return url.href;
}

function checkKeys(value: unknown): { p256dh: string; auth: string } {
  const keys = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const { p256dh, auth } = keys;
  if (typeof p256dh !== "string" || typeof auth !== "string")
    throw new HttpRefusal(
      400,
      "send keys {p256dh, auth} as the browser's PushSubscription.toJSON() gives them",
    );
  try {
    decodeKey(p256dh, 65, "keys.p256dh");
    decodeKey(auth, 16, "keys.auth");
  } catch (error) {
    throw new HttpRefusal(400, (error as Error).message);
  }
  return { p256dh, auth };
}

/** The desk's `ao dashboard push [remove <id>]`, with the daemon's token, on the loopback server only. */
export function pushAdminRoutes(subscriptions: PushSubscriptions): Route[] {
  return [
    {
      method: "GET",
      path: "/api/push/subscriptions",
      handle: () => ({ status: 200, body: { subscriptions: subscriptions.list() } }),
    },
    {
      method: "POST",
      path: "/api/push/subscriptions/:id/remove",
      handle: async (request) => {
        const id = request.params.id ?? "";
        if ((await subscriptions.remove((record) => record.id === id)) === 0)
          throw new HttpRefusal(404, `no push subscription ${id}`);
        return { status: 200, body: { id, removed: true } };
      },
    },
  ];
}
