import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import { removeDevicePushSubscriptions } from "../push/push-commands.js";
import { callDaemon } from "./daemon-client.js";
import { DeviceRegistry, devicesFile, type DeviceInfo } from "./device-registry.js";
import type { PairingCodeAnswer } from "./device-routes.js";

type Ctx = Pick<AoContext, "paths" | "clock">;

/**
 * `ao dashboard pair`: a one-time code from the running daemon (codes live in its memory only, so
 * a code dies with it). Without a daemon there is nothing to pair with.
 */
export async function makePairingCode(ctx: Ctx): Promise<PairingCodeAnswer> {
  const answer = await callDaemon<PairingCodeAnswer>(ctx, "POST", "/api/devices/pairing-code");
  if (answer === undefined)
    throw new AoError("E_DAEMON_FAILED", "no daemon runs for this AO_HOME: nothing to pair with", {
      hint: "start it with the address devices will use: ao dashboard --listen 0.0.0.0:8443 (or ao start)",
    });
  return answer;
}

/** `ao dashboard devices`: from the daemon when it runs (fresh last-seen times), else from the file. */
export async function listDevices(ctx: Ctx): Promise<DeviceInfo[]> {
  const answer = await callDaemon<{ devices: DeviceInfo[] }>(ctx, "GET", "/api/devices");
  if (answer !== undefined) return answer.devices;
  return (await DeviceRegistry.load(devicesFile(ctx.paths.home), () => ctx.clock.now())).list();
}

/**
 * `ao dashboard devices revoke <id>`: through the daemon when it runs, which also closes the
 * device's open connections at once and drops its push subscriptions; else straight in the files.
 */
export async function revokeDevice(ctx: Ctx, id: string): Promise<void> {
  const answer = await callDaemon<{ revoked: boolean }>(
    ctx,
    "POST",
    `/api/devices/${encodeURIComponent(id)}/revoke`,
  );
  if (answer !== undefined) return;
  const registry = await DeviceRegistry.load(devicesFile(ctx.paths.home), () => ctx.clock.now());
  if (!(await registry.revoke(id)))
    throw new AoError("E_NOT_FOUND", `no paired device ${id}`, { hint: "ao dashboard devices lists them" });
  await removeDevicePushSubscriptions(ctx, id);
}
