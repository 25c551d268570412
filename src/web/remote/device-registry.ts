import { createHash, randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import { AoError } from "../../core/errors.js";
import { readOptionalFile, writePrivateFile } from "./private-file.js";

/** A paired device as `ao dashboard devices` shows it (never its token or the token's hash). */
export interface DeviceInfo {
  readonly id: string;
  readonly name: string;
  readonly userAgent: string;
  readonly pairedAt: string;
  readonly lastSeenAt: string | null;
}

interface DeviceRecord extends DeviceInfo {
  /** SHA-256 of the device's token: the file never holds a credential. */
  readonly tokenHash: string;
}

/** AO_HOME/dashboard-devices.json, 0600. */
export function devicesFile(home: string): string {
  return join(home, "dashboard-devices.json");
}

/** Last-seen times are written at most this often (a page's every request must not write a file). */
const LAST_SEEN_WRITE_MS = 60_000;

/**
 * The devices paired with this AO_HOME's dashboard (docs/dashboard.md, "Pairing a device"): each
 * has its own random token, given once to the device as a cookie and kept here only as a hash, so
 * one device is revoked without touching the others or the daemon's token.
 */
export class DeviceRegistry {
  // A registry just read is as new as its file: the first last-seen write waits a minute too, so
  // a load followed by one request (as `ao dashboard devices` does) writes nothing behind its back.
  private lastWrite: number;

  private constructor(
    private readonly file: string,
    private devices: DeviceRecord[],
    private readonly now: () => number,
  ) {
    this.lastWrite = now();
  }

  static async load(file: string, now: () => number): Promise<DeviceRegistry> {
    const text = await readOptionalFile(file);
    if (text === undefined) return new DeviceRegistry(file, [], now);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed))
      throw new AoError("E_DAEMON_FAILED", `${file} is not a list of devices`, {
        hint: `delete it to forget every paired device (each must then pair again)`,
      });
    return new DeviceRegistry(file, parsed as DeviceRecord[], now);
  }

  list(): DeviceInfo[] {
    return this.devices.map(({ tokenHash: _hash, ...info }) => info);
  }

  /** A new device; its token is returned once, for the cookie, and never stored. */
  async add(name: string, userAgent: string): Promise<{ device: DeviceInfo; token: string }> {
    const token = randomBytes(32).toString("hex");
    const record: DeviceRecord = {
      id: randomUUID().slice(0, 8),
      name: name.trim().slice(0, 80) || "unnamed device",
      userAgent: userAgent.slice(0, 300),
      pairedAt: new Date(this.now()).toISOString(),
      lastSeenAt: null,
      tokenHash: hashToken(token),
    };
    this.devices = [...this.devices, record];
    await this.save();
    const { tokenHash: _hash, ...device } = record;
    return { device, token };
  }

  /** Forgets the device; false when there is none with that id. */
  async revoke(id: string): Promise<boolean> {
    const kept = this.devices.filter((device) => device.id !== id);
    if (kept.length === this.devices.length) return false;
    this.devices = kept;
    await this.save();
    return true;
  }

  /** The device whose token this is (its last-seen time updated), or undefined. */
  authenticate(token: string): DeviceInfo | undefined {
    const hash = hashToken(token);
    const index = this.devices.findIndex((device) => device.tokenHash === hash);
    const found = this.devices[index];
    if (found === undefined) return undefined;
    const seen = { ...found, lastSeenAt: new Date(this.now()).toISOString() };
    this.devices = this.devices.map((device, at) => (at === index ? seen : device));
    if (this.now() - this.lastWrite >= LAST_SEEN_WRITE_MS) void this.save().catch(() => undefined);
    return seen;
  }

  private async save(): Promise<void> {
    this.lastWrite = this.now();
    await writePrivateFile(this.file, `${JSON.stringify(this.devices, null, 2)}\n`);
  }
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
