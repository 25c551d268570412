import { readFileSync, statSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DeviceRegistry, devicesFile, hashToken } from "../../../src/web/remote/device-registry.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

describe("device registry (per-device tokens, stored hashed)", () => {
  it("gives each device its own token once and keeps only its hash, in a 0600 file", async () => {
    const home = makeTempDir("ao-devices-");
    const file = devicesFile(home);
    const registry = await DeviceRegistry.load(file, () => Date.parse("2026-12-03T12:00:00Z"));
    const phone = await registry.add("phone", "Mozilla/5.0 (Android)");
    const tablet = await registry.add("  ", "Safari");
    expect(phone.token).toMatch(/^[0-9a-f]{64}$/);
    expect(tablet.device.name).toBe("unnamed device");
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(phone.token);
    expect(text).toContain(hashToken(phone.token));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(registry.list().map((device) => Object.keys(device).sort())).toEqual([
      ["id", "lastSeenAt", "name", "pairedAt", "userAgent"],
      ["id", "lastSeenAt", "name", "pairedAt", "userAgent"],
    ]);
    expect(registry.authenticate(phone.token)?.id).toBe(phone.device.id);
    expect(registry.authenticate(phone.token.replace(/^./, "x"))).toBeUndefined();
    expect(registry.list()[0]?.lastSeenAt).toBe("2026-12-03T12:00:00.000Z");
  });

  it("revokes one device without touching the others, and a new load sees it", async () => {
    const home = makeTempDir("ao-devices-");
    const registry = await DeviceRegistry.load(devicesFile(home), Date.now);
    const phone = await registry.add("phone", "");
    const laptop = await registry.add("laptop", "");
    expect(await registry.revoke(phone.device.id)).toBe(true);
    expect(await registry.revoke(phone.device.id)).toBe(false);
    expect(registry.authenticate(phone.token)).toBeUndefined();
    const again = await DeviceRegistry.load(devicesFile(home), Date.now);
    expect(again.authenticate(laptop.token)?.name).toBe("laptop");
    expect(again.list().map((device) => device.name)).toEqual(["laptop"]);
  });

  it("says what to do with a file that is not a list of devices", async () => {
    const home = makeTempDir("ao-devices-");
    writeFileSync(devicesFile(home), "{oops");
    await expect(DeviceRegistry.load(devicesFile(home), Date.now)).rejects.toThrow(/not a list of devices/);
  });
});
