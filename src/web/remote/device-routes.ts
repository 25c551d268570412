import { HttpRefusal, type Route, type RouteRequest } from "../../core/http/index.js";
import type { DashboardAuth } from "../server/dashboard-auth.js";
import { jsonBody, type DashboardRoute } from "../server/dashboard-guard.js";
import type { DeviceInfo } from "./device-registry.js";
import { pairPageHandler } from "./pair-page.js";
import { deviceCookieHeader, type RemoteAccess } from "./remote-access.js";

/** What `ao dashboard pair` gets: the code, when it expires, and where a device enters it. */
export interface PairingCodeAnswer {
  readonly code: string;
  readonly expiresAt: string;
  /** `<address>/pair#code=…` for each address a device may use (the `--listen` one first). */
  readonly urls: readonly string[];
  /** The `--listen` certificate's SHA-256 fingerprint, when there is such a server. */
  readonly fingerprint: string | null;
}

/**
 * The routes a new device uses, behind the dashboard's guard (Host, Origin, JSON): the pairing
 * page and `POST /api/pair {code, name}`, which trades a one-time code for the device's cookie.
 * A wrong code is 401; past the limit of wrong codes, 429 with Retry-After.
 */
export function pairingRoutes(auth: DashboardAuth, remote: RemoteAccess): DashboardRoute[] {
  return [
    { kind: "page", method: "GET", path: "/pair", handle: pairPageHandler("html") },
    { kind: "page", method: "GET", path: "/pair.js", handle: pairPageHandler("js") },
    {
      kind: "login",
      method: "POST",
      path: "/api/pair",
      maxBodyBytes: 4096,
      handle: async (request) => {
        const { code, name } = await jsonBody(request);
        if (typeof code !== "string" || (name !== undefined && typeof name !== "string"))
          throw new HttpRefusal(400, "send {code, name?} as strings");
        const redeemed = remote.codes.redeem(code);
        if (!redeemed.ok && redeemed.reason === "locked")
          throw new HttpRefusal(
            429,
            "too many wrong codes: make a new one on the desk later (ao dashboard pair)",
            {
              "retry-after": String(Math.ceil(redeemed.retryAfterMs / 1000)),
            },
          );
        if (!redeemed.ok)
          throw new HttpRefusal(401, "wrong or expired code: make a new one with ao dashboard pair");
        const raw = request.raw.request;
        const { device, token } = await remote.registry.add(name ?? "", raw.headers["user-agent"] ?? "");
        const cookie = deviceCookieHeader(raw, token, auth.origin(raw).secure);
        return { status: 200, body: { ok: true, device }, headers: { "set-cookie": cookie } };
      },
    },
  ];
}

/**
 * What the desk's `ao dashboard pair` and `ao dashboard devices` call, with the daemon's token
 * (core's check, `auth: "token"`): never mounted on the `--listen` server, so a paired device can
 * neither pair others nor revoke.
 */
export function deviceAdminRoutes(
  remote: RemoteAccess,
  pairing: (request: RouteRequest) => Omit<PairingCodeAnswer, "code" | "expiresAt">,
): Route[] {
  return [
    {
      method: "POST",
      path: "/api/devices/pairing-code",
      handle: (request) => {
        const issued = remote.codes.issue();
        const where = pairing(request);
        const body: PairingCodeAnswer = {
          code: issued.code,
          expiresAt: new Date(issued.expiresAt).toISOString(),
          urls: where.urls.map((url) => `${url}#code=${issued.code}`),
          fingerprint: where.fingerprint,
        };
        return { status: 200, body };
      },
    },
    {
      method: "GET",
      path: "/api/devices",
      handle: () => ({ status: 200, body: { devices: remote.registry.list() satisfies DeviceInfo[] } }),
    },
    {
      method: "POST",
      path: "/api/devices/:id/revoke",
      handle: async (request) => {
        const id = request.params.id ?? "";
        if (!(await remote.revoke(id))) throw new HttpRefusal(404, `no paired device ${id}`);
        return { status: 200, body: { id, revoked: true } };
      },
    },
  ];
}
