import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { NewEvent } from "../../../src/core/store/index.js";
import { appendEvent, writeTransaction } from "../../../src/core/store/index.js";
import { readRemoteInfo } from "../../../src/web/remote/remote-state.js";
import { eventually } from "../../contracts/eventually.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startLoopbackPushService, type LoopbackPushService } from "../../helpers/loopback-push-service.js";
import { startDashboard, type DashboardWorld } from "../server/dashboard-world.js";
import { httpsRequest } from "../remote/https-client.js";

const services: LoopbackPushService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
});

async function pushWorld() {
  const service = await startLoopbackPushService();
  services.push(service);
  const w = await startDashboard((world) => addSession(world.engine.store, "app-1"), {
    remote: { listen: { listen: { host: "127.0.0.2", port: 0 } } },
    push: { pollMs: 20 },
  });
  const info = await readRemoteInfo(w.ctx.paths.home, 4242);
  const url = new URL(info!.urls[0]!);
  const address = { host: url.hostname, port: Number(url.port) };
  const bearer = { authorization: `Bearer ${w.token}` };
  const publicKey = (JSON.parse((await w.get("/api/push")).text) as { publicKey: string }).publicKey;
  return { w, service, address, bearer, publicKey, phone: () => pairPhone(w, address, bearer) };
}

/** A second device paired through the `--listen` server; its requests carry its own cookie. */
async function pairPhone(
  w: DashboardWorld,
  address: { host: string; port: number },
  bearer: Record<string, string>,
) {
  const origin = `https://${address.host}:${address.port}`;
  const made = await w.request("POST", "/api/devices/pairing-code", { headers: bearer });
  const { code } = JSON.parse(made.text) as { code: string };
  const paired = await httpsRequest(address, "POST", "/api/pair", {
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ code, name: "phone" }),
  });
  const cookie = String(paired.headers["set-cookie"]?.[0]).split(";")[0]!;
  const id = (JSON.parse(paired.text) as { device: { id: string } }).device.id;
  const post = (path: string, body: unknown) =>
    httpsRequest(address, "POST", path, {
      headers: { origin, cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { id, post };
}

function record(w: DashboardWorld, event: NewEvent): void {
  writeTransaction(w.engine.store, (tx) => appendEvent(tx, event));
}

const listed = async (w: DashboardWorld, bearer: Record<string, string>) =>
  (
    JSON.parse((await w.request("GET", "/api/push/subscriptions", { headers: bearer })).text) as {
      subscriptions: { id: string; owner: string; service: string }[];
    }
  ).subscriptions;

describe("Web Push from the dashboard (loopback push service)", () => {
  it("a session that needs input reaches the desk and a paired phone; a revoked phone gets nothing more", async () => {
    const { w, service, bearer, publicKey, phone } = await pushWorld();
    const desk = service.subscribe(publicKey);
    expect((await w.post("/api/push/subscribe", desk)).status).toBe(200);
    const device = await phone();
    const onPhone = service.subscribe(publicKey);
    expect((await device.post("/api/push/subscribe", onPhone)).status).toBe(200);
    expect((await listed(w, bearer)).map((each) => each.owner).sort()).toEqual([device.id, "desk"].sort());

    record(w, { type: "lifecycle.needs_input", sessionId: "app-1", payload: { type: "needs_input" } });
    await eventually(() => service.received.length === 2, "the push to both subscriptions");
    for (const push of service.received) {
      expect(push.payload).toMatchObject({
        kind: "needs-input",
        title: "app-1 needs your input",
        sessionId: "app-1",
        url: "/#/s/app-1",
      });
      expect(push.headers.urgency).toBe("high");
    }
    expect(service.received.map((push) => push.subscriptionId).sort()).toEqual([desk.id, onPhone.id].sort());

    const revoked = await w.request("POST", `/api/devices/${device.id}/revoke`, { headers: bearer });
    expect(revoked.status).toBe(200);
    expect((await listed(w, bearer)).map((each) => each.owner)).toEqual(["desk"]);
    record(w, {
      type: "lifecycle.mergeable",
      sessionId: "app-1",
      payload: { type: "mergeable", pr: 7, headSha: "abc123" },
    });
    await eventually(() => service.received.length === 3, "the next push, to the desk");
    expect(service.received[2]).toMatchObject({
      subscriptionId: desk.id,
      payload: { kind: "ready", title: "app-1: approved and green" },
    });
    expect(service.refused).toEqual([]);
  });

  it("a subscription the push service calls gone (410) is removed; keys stay 0600 and out of logs", async () => {
    const { w, service, bearer, publicKey } = await pushWorld();
    const desk = service.subscribe(publicKey);
    expect((await w.post("/api/push/subscribe", desk)).status).toBe(200);
    service.expire(desk.id);
    record(w, {
      type: "limit.hit",
      sessionId: "app-1",
      payload: {
        agent: "claude-code",
        account: "claude-code",
        words: "usage limit",
        resetAt: Date.now() + 3_600_000,
        resetPrinted: true,
      },
    });
    await eventually(async () => (await listed(w, bearer)).length === 0, "the gone subscription removed");
    expect(service.refused).toEqual([{ status: 410, why: expect.stringMatching(/expired/) as string }]);
    const home = w.ctx.paths.home;
    for (const file of ["dashboard-push.json", "dashboard-push-vapid.json"])
      expect(statSync(join(home, file)).mode & 0o777).toBe(0o600);
    const vapid = JSON.parse(readFileSync(join(home, "dashboard-push-vapid.json"), "utf8")) as { d: string };
    const logs = JSON.stringify(w.ctx.logger.records) + w.ctx.stderr.text();
    expect(logs).toMatch(/is gone \(410\): removed/);
    for (const secret of [vapid.d, desk.keys.auth, desk.endpoint]) expect(logs).not.toContain(secret);
  });

  it("a question wins over the generic needs-input, and CI failing after retries says so", async () => {
    const { w, service, publicKey } = await pushWorld();
    expect((await w.post("/api/push/subscribe", service.subscribe(publicKey))).status).toBe(200);
    record(w, {
      type: "session.question",
      sessionId: "app-1",
      payload: { id: "q1", source: "data", text: "Run rm -rf build?", options: [] },
    });
    record(w, { type: "lifecycle.needs_input", sessionId: "app-1", payload: { type: "needs_input" } });
    const escalated = {
      reactionId: 1,
      reaction: "ci-failed",
      action: "escalate" as const,
      dedupeKey: "k",
      attempt: 3,
    };
    record(w, {
      type: "reaction.escalated",
      sessionId: "app-1",
      payload: { ...escalated, reason: "CI still fails after 3 attempts", notifiers: [] },
    });
    await eventually(() => service.received.length >= 2, "the question and the escalation");
    const titles = service.received.map((push) => (push.payload as { title: string }).title);
    expect(titles.sort()).toEqual(["app-1 asks you", "app-1: CI failed after retries"]);
  });

  it("refuses an endpoint that is not a push service and keys of the wrong shape; one owner cannot drop another's", async () => {
    const { w, service, bearer, publicKey, phone } = await pushWorld();
    const desk = service.subscribe(publicKey);
    const plain = await w.post("/api/push/subscribe", { ...desk, endpoint: "http://example.com/push/1" });
    expect(plain.status).toBe(400);
    expect(
      (await w.post("/api/push/subscribe", { ...desk, keys: { p256dh: "AAAA", auth: "x" } })).status,
    ).toBe(400);
    expect((await w.post("/api/push/subscribe", desk)).status).toBe(200);
    const device = await phone();
    const dropped = await device.post("/api/push/unsubscribe", { endpoint: desk.endpoint });
    expect(JSON.parse(dropped.text)).toEqual({ subscribed: false, removed: 0 });
    expect(JSON.parse((await device.post("/api/push/state", { endpoint: desk.endpoint })).text)).toEqual({
      subscribed: false,
    });
    expect(JSON.parse((await w.post("/api/push/state", { endpoint: desk.endpoint })).text)).toEqual({
      subscribed: true,
    });
    expect((await w.post("/api/push/unsubscribe", { endpoint: desk.endpoint })).status).toBe(200);
    expect(await listed(w, bearer)).toEqual([]);
  });
});
