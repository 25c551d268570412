import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRemoteInfo } from "../../../src/web/remote/remote-state.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard } from "../server/dashboard-world.js";
import { httpsRequest, openStream, plainHttpTo } from "./https-client.js";

const TAILNET = "desk.tailnet-1234.ts.net";

/** A daemon whose dashboard also listens on 127.0.0.2 (another loopback address, same code path as a LAN one). */
async function remoteWorld() {
  const w = await startDashboard((world) => addSession(world.engine.store, "app-1", { prNumber: 7 }), {
    remote: { listen: { listen: { host: "127.0.0.2", port: 0 } }, allowedHosts: [TAILNET] },
  });
  const info = await readRemoteInfo(w.ctx.paths.home, 4242);
  const url = new URL(info!.urls[0]!);
  const address = { host: url.hostname, port: Number(url.port) };
  const origin = `https://${address.host}:${address.port}`;
  const bearer = { authorization: `Bearer ${w.token}` };
  const code = async (): Promise<string> => {
    const made = await w.request("POST", "/api/devices/pairing-code", { headers: bearer });
    expect(made.status, made.text).toBe(200);
    return (JSON.parse(made.text) as { code: string }).code;
  };
  const pair = (given: string, name = "phone") =>
    httpsRequest(address, "POST", "/api/pair", {
      headers: { origin, "content-type": "application/json", "user-agent": "TestPhone/1.0" },
      body: JSON.stringify({ code: given, name }),
    });
  return { w, info: info!, address, origin, bearer, code, pair };
}

describe("the dashboard from another device (--listen, pairing, --allow-host)", () => {
  it("serves HTTPS only, with the certificate whose fingerprint it printed, its key 0600", async () => {
    const { w, info, address } = await remoteWorld();
    expect(info.urls[0]).toMatch(/^https:\/\/127\.0\.0\.2:\d+\/$/);
    const page = await httpsRequest(address, "GET", "/pair");
    expect(page.status).toBe(200);
    expect(page.fingerprint).toBe(info.fingerprint);
    expect(statSync(join(w.ctx.paths.home, "dashboard-tls", "key.pem")).mode & 0o777).toBe(0o600);
    const plain = await plainHttpTo(address);
    expect(plain).toBeInstanceOf(Error);
  });

  it("takes paired devices only: the desk's token and its login are refused there, a forged Host too", async () => {
    const { address, origin, bearer, w } = await remoteWorld();
    expect((await httpsRequest(address, "GET", "/api/fleet", { headers: bearer })).status).toBe(401);
    const login = await httpsRequest(address, "POST", "/api/session-cookie", {
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ token: w.token }),
    });
    expect(login.status).toBe(403);
    const forged = await httpsRequest(address, "GET", "/pair", {
      headers: { host: `evil.example:${address.port}` },
    });
    expect(forged.status).toBe(403);
    // The desk's device admin is not mounted there at all.
    const admin = await httpsRequest(address, "POST", "/api/devices/pairing-code", { headers: bearer });
    expect(admin.status).toBe(404);
  });

  it("pairs a device with a one-time code for a Secure cookie, and a revoke cuts its open stream at once", async () => {
    const { w, address, origin, bearer, code, pair } = await remoteWorld();
    const given = await code();
    const paired = await pair(given);
    expect(paired.status, paired.text).toBe(200);
    const [cookieHeader] = paired.headers["set-cookie"] ?? [];
    expect(cookieHeader).toMatch(
      new RegExp(
        `^ao_device_${address.port}=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=/; Max-Age=\\d+; Secure$`,
      ),
    );
    expect((await pair(given)).status).toBe(401);
    const cookie = cookieHeader!.split(";")[0]!;
    expect((await httpsRequest(address, "GET", "/api/fleet", { headers: { cookie } })).status).toBe(200);
    const listed = JSON.parse((await w.request("GET", "/api/devices", { headers: bearer })).text) as {
      devices: { id: string; name: string; userAgent: string }[];
    };
    expect(listed.devices).toMatchObject([{ name: "phone", userAgent: "TestPhone/1.0" }]);
    const stream = await openStream(address, { cookie, origin });
    expect(stream.status).toBe(200);
    const id = listed.devices[0]!.id;
    const revoked = await w.request("POST", `/api/devices/${id}/revoke`, { headers: bearer });
    expect(revoked.status).toBe(200);
    await stream.closed;
    expect((await httpsRequest(address, "GET", "/api/fleet", { headers: { cookie } })).status).toBe(401);
    expect((await w.request("POST", `/api/devices/${id}/revoke`, { headers: bearer })).status).toBe(404);
  });

  it("refuses wrong codes, then locks pairing (429 with Retry-After) and voids the open code", async () => {
    const { code, pair } = await remoteWorld();
    const open = await code();
    for (let attempt = 1; attempt < 5; attempt++) expect((await pair("AAAA-AAAA")).status).toBe(401);
    const locked = await pair("AAAA-AAAA");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await pair(open)).status).toBe(429);
  });

  it("accepts the allowed proxy name on loopback (tailscale serve's Host and https Origin), nothing else", async () => {
    const { w } = await remoteWorld();
    const proxied = { host: TAILNET, origin: `https://${TAILNET}`, "content-type": "application/json" };
    const login = await w.request("POST", "/api/session-cookie", {
      headers: proxied,
      body: JSON.stringify({ token: w.token }),
    });
    expect(login.status, login.text).toBe(200);
    expect(login.headers["set-cookie"]?.[0]).toMatch(/; Secure$/);
    const cookie = login.headers["set-cookie"]![0]!.split(";")[0]!;
    expect((await w.request("GET", "/api/fleet", { headers: { host: TAILNET, cookie } })).status).toBe(200);
    // Another tailnet name, or the allowed name with the plain-HTTP origin, is refused.
    expect(
      (await w.request("GET", "/api/fleet", { headers: { host: "other.tailnet-1234.ts.net", cookie } }))
        .status,
    ).toBe(403);
    const httpOrigin = await w.request("GET", "/api/fleet", {
      headers: { host: TAILNET, cookie, origin: `http://${TAILNET}` },
    });
    expect(httpOrigin.status).toBe(403);
  });
});
