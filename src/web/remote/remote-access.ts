import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { DeviceRegistry, devicesFile, type DeviceInfo } from "./device-registry.js";
import { PairingCodes } from "./pairing-codes.js";
import { cookieValue } from "./request-origin.js";

/**
 * Paired devices as the dashboard's guard sees them (docs/dashboard.md, "Pairing a device"): the
 * registry, the one-time codes, and every connection a device has open, so that revoking a device
 * cuts them at once (its event streams included) instead of at its next request.
 */
export class RemoteAccess {
  private readonly connections = new Map<string, Set<Socket>>();
  private readonly revokeListeners: ((id: string) => Promise<void>)[] = [];

  private constructor(
    readonly registry: DeviceRegistry,
    readonly codes: PairingCodes,
  ) {}

  static async open(home: string, now: () => number): Promise<RemoteAccess> {
    return new RemoteAccess(await DeviceRegistry.load(devicesFile(home), now), new PairingCodes({ now }));
  }

  /** The device whose cookie this request carries; its connection is remembered for a revoke. */
  deviceOf(request: IncomingMessage): DeviceInfo | undefined {
    const token = cookieValue(request, deviceCookieName(request));
    const device = token === undefined ? undefined : this.registry.authenticate(token);
    if (device !== undefined) this.track(device.id, request.socket);
    return device;
  }

  /**
   * Forgets the device, closes every connection it has open and tells the listeners (its push
   * subscriptions go); false for an unknown id.
   */
  async revoke(id: string): Promise<boolean> {
    const revoked = await this.registry.revoke(id);
    for (const socket of this.connections.get(id) ?? []) socket.destroy();
    this.connections.delete(id);
    for (const listener of this.revokeListeners) await listener(id);
    return revoked;
  }

  /** Runs `listener` with the id of each device revoked from now on. */
  onRevoke(listener: (id: string) => Promise<void>): void {
    this.revokeListeners.push(listener);
  }

  private track(id: string, socket: Socket): void {
    let sockets = this.connections.get(id);
    if (sockets === undefined) this.connections.set(id, (sockets = new Set()));
    if (sockets.has(socket)) return;
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  }
}

/** Per port, like the desk's cookie: cookies are shared by every port of a host. */
export function deviceCookieName(request: IncomingMessage): string {
  return `ao_device_${request.socket.localPort ?? 0}`;
}

/**
 * The cookie that carries a device's token: HttpOnly (no script reads it), SameSite=Strict, and
 * Secure whenever the page is on HTTPS (the `--listen` address, or a proxy such as tailscale serve).
 */
export function deviceCookieHeader(request: IncomingMessage, token: string, secure: boolean): string {
  const flags = `HttpOnly; SameSite=Strict; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`;
  return `${deviceCookieName(request)}=${token}; ${flags}${secure ? "; Secure" : ""}`;
}

/** A year: a device stays paired until it is revoked. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
