import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listPushSubscriptions, removePushSubscription } from "../../../src/web/push/push-commands.js";
import { PushSubscriptions } from "../../../src/web/push/push-subscriptions.js";
import { revokeDevice } from "../../../src/web/remote/device-commands.js";
import { DeviceRegistry, devicesFile } from "../../../src/web/remote/device-registry.js";
import { makeBrowserPushKeys } from "../../helpers/push-decrypt.js";
import { makeTestContext } from "../../helpers/test-context.js";

function keys() {
  const browser = makeBrowserPushKeys(randomBytes(16));
  return { p256dh: browser.publicKey.toString("base64url"), auth: browser.auth.toString("base64url") };
}

describe("ao dashboard push without a daemon (the file)", () => {
  it("lists without endpoints or keys, removes one by id, and a revoked device's go with it", async () => {
    const ctx = makeTestContext();
    const now = () => ctx.clock.now();
    const registry = await DeviceRegistry.load(devicesFile(ctx.paths.home), now);
    const { device } = await registry.add("phone", "TestPhone/1.0");
    const file = await PushSubscriptions.load(ctx.paths.home, now);
    const desk = await file.add({ kind: "desk" }, "https://push.example/send/desk-secret-path", keys());
    await file.add({ kind: "device", id: device.id }, "https://push.example/send/phone-secret-path", keys());

    const listed = await listPushSubscriptions(ctx);
    expect(listed.map((each) => [each.owner, each.service]).sort()).toEqual(
      [
        ["desk", "https://push.example"],
        [device.id, "https://push.example"],
      ].sort(),
    );
    expect(JSON.stringify(listed)).not.toMatch(/secret-path|p256dh|auth/);

    await revokeDevice(ctx, device.id);
    expect((await listPushSubscriptions(ctx)).map((each) => each.owner)).toEqual(["desk"]);
    await removePushSubscription(ctx, desk.id);
    expect(await listPushSubscriptions(ctx)).toEqual([]);
    await expect(removePushSubscription(ctx, desk.id)).rejects.toThrow(`no push subscription ${desk.id}`);
  });
});
