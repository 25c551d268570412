import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { AoError } from "../../core/errors.js";
import { readOptionalFile, writePrivateFile } from "../remote/private-file.js";
import type { PushKeys } from "./push-encryption.js";

/** Whose a subscription is: the desk's browser (the daemon's token), or a paired device. */
export type PushOwner = { readonly kind: "desk" } | { readonly kind: "device"; readonly id: string };

/** A subscription as `ao dashboard push` shows it: never its endpoint's path or its keys. */
export interface PushSubscriptionInfo {
  readonly id: string;
  /** `desk`, or the paired device's id (`ao dashboard devices`). */
  readonly owner: string;
  /** The push service's origin (`https://fcm.googleapis.com`): the endpoint's path is a capability. */
  readonly service: string;
  readonly createdAt: string;
  readonly lastSentAt: string | null;
}

/** What the sender needs: the endpoint and the browser's keys, which stay in the daemon. */
export interface PushSubscriptionRecord extends PushSubscriptionInfo {
  readonly endpoint: string;
  readonly keys: PushKeys;
}

/** AO_HOME/dashboard-push.json, 0600 (the endpoint and auth secret let anyone push to the device). */
export function pushSubscriptionsFile(home: string): string {
  return join(home, "dashboard-push.json");
}

export function ownerName(owner: PushOwner): string {
  return owner.kind === "desk" ? "desk" : owner.id;
}

/**
 * The browsers that asked for notifications (docs/dashboard.md, "Notifications"), each owned by
 * the desk or one paired device, so a revoke removes that device's subscriptions with it.
 */
export class PushSubscriptions {
  private constructor(
    private readonly file: string,
    private records: PushSubscriptionRecord[],
    private readonly now: () => number,
  ) {}

  static async load(home: string, now: () => number): Promise<PushSubscriptions> {
    const file = pushSubscriptionsFile(home);
    const text = await readOptionalFile(file);
    if (text === undefined) return new PushSubscriptions(file, [], now);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed))
      throw new AoError("E_DAEMON_FAILED", `${file} is not a list of push subscriptions`, {
        hint: "delete it to forget every subscription (each device then turns notifications on again)",
      });
    return new PushSubscriptions(file, parsed as PushSubscriptionRecord[], now);
  }

  list(): PushSubscriptionInfo[] {
    return this.records.map(({ endpoint: _endpoint, keys: _keys, ...info }) => info);
  }

  all(): readonly PushSubscriptionRecord[] {
    return this.records;
  }

  /** Adds the browser's subscription (the same endpoint again replaces the old one, keeping its id). */
  async add(owner: PushOwner, endpoint: string, keys: PushKeys): Promise<PushSubscriptionInfo> {
    const old = this.records.find((record) => record.endpoint === endpoint);
    const record: PushSubscriptionRecord = {
      id: old?.id ?? randomUUID().slice(0, 8),
      owner: ownerName(owner),
      service: new URL(endpoint).origin,
      createdAt: new Date(this.now()).toISOString(),
      lastSentAt: null,
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    };
    this.records = [...this.records.filter((each) => each.endpoint !== endpoint), record];
    await this.save();
    return this.list().find((info) => info.id === record.id)!;
  }

  /** Removes the subscriptions that match; the number removed. */
  async remove(match: (record: PushSubscriptionRecord) => boolean): Promise<number> {
    const kept = this.records.filter((record) => !match(record));
    const removed = this.records.length - kept.length;
    if (removed === 0) return 0;
    this.records = kept;
    await this.save();
    return removed;
  }

  /** Notes a delivery (kept in memory; written with the next change, a push must not write a file). */
  sent(id: string): void {
    const at = new Date(this.now()).toISOString();
    this.records = this.records.map((record) => (record.id === id ? { ...record, lastSentAt: at } : record));
  }

  private async save(): Promise<void> {
    await writePrivateFile(this.file, `${JSON.stringify(this.records, null, 2)}\n`);
  }
}
