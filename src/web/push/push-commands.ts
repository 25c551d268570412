import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import { callDaemon } from "../remote/daemon-client.js";
import { PushSubscriptions, type PushSubscriptionInfo } from "./push-subscriptions.js";

type Ctx = Pick<AoContext, "paths" | "clock">;

/** `ao dashboard push`: from the daemon when it runs (fresh send times), else from the file. */
export async function listPushSubscriptions(ctx: Ctx): Promise<PushSubscriptionInfo[]> {
  const answer = await callDaemon<{ subscriptions: PushSubscriptionInfo[] }>(
    ctx,
    "GET",
    "/api/push/subscriptions",
  );
  if (answer !== undefined) return answer.subscriptions;
  return (await PushSubscriptions.load(ctx.paths.home, () => ctx.clock.now())).list();
}

/** `ao dashboard push remove <id>`: that browser is told nothing more (it may turn it on again). */
export async function removePushSubscription(ctx: Ctx, id: string): Promise<void> {
  const path = `/api/push/subscriptions/${encodeURIComponent(id)}/remove`;
  if ((await callDaemon<{ removed: boolean }>(ctx, "POST", path)) !== undefined) return;
  const removed = await removeFromFile(ctx, (record) => record.id === id);
  if (removed === 0)
    throw new AoError("E_NOT_FOUND", `no push subscription ${id}`, {
      hint: "ao dashboard push lists them",
    });
}

/** A device revoked without a daemon: its subscriptions go from the file too. */
export async function removeDevicePushSubscriptions(ctx: Ctx, deviceId: string): Promise<number> {
  return removeFromFile(ctx, (record) => record.owner === deviceId);
}

async function removeFromFile(ctx: Ctx, match: (record: PushSubscriptionInfo) => boolean): Promise<number> {
  const subscriptions = await PushSubscriptions.load(ctx.paths.home, () => ctx.clock.now());
  return subscriptions.remove(match);
}
